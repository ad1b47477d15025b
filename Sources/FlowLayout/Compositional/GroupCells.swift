/// A cell's origin and length across its group's axis: all that measurements change in a flat group
/// (`FlatGroupFill`).
struct AcrossSpan: Hashable, Sendable {
    var origin: Double
    var length: Double

    /// `cell` with this span, along y or x.
    @inline(__always)
    func placing(_ cell: CompositionalCell, alongY: Bool) -> CompositionalCell {
        var cell = cell
        if alongY {
            (cell.frame.origin.y, cell.frame.size.height) = (origin, length)
        } else {
            (cell.frame.origin.x, cell.frame.size.width) = (origin, length)
        }
        return cell
    }
}

/// A listed chunk's cells, in group order: their frames one by one; or, when every group of the chunk
/// is a full flat group of one template (`FlatGroupFill`), each cell's span across the group's axis,
/// the rest of its frame its slot's in the template: 16 bytes a cell rather than 40.
struct ChunkCells: Sendable {
    /// The frames, or the flat groups' template.
    let frames: [CompositionalCell]
    /// The flat groups' cells' spans; nil when the frames are listed.
    let spans: [AcrossSpan]?
    /// Whether a span is along y: the template's groups are horizontal.
    let spansAlongY: Bool

    static func listed(_ frames: [CompositionalCell]) -> ChunkCells { ChunkCells(frames: frames, spans: nil, spansAlongY: false) }

    var count: Int { spans?.count ?? frames.count }

    /// The frames of every cell, listed.
    var listedFrames: [CompositionalCell] {
        guard let spans else { return frames }
        return spans.indices.map { spans[$0].placing(frames[$0 % frames.count], alongY: spansAlongY) }
    }

    /// Cell `index`, of the group whose first is `groupFirst`.
    @inline(__always)
    func cell(_ index: Int, groupFirst: Int) -> CompositionalCell {
        guard let spans else { return frames[index] }
        return spans[index].placing(frames[index - groupFirst], alongY: spansAlongY)
    }

    /// Whole groups' cells `range` as a chunk's own.
    func slice(_ range: Range<Int>) -> ChunkCells {
        guard let spans else { return .listed(Array(frames[range])) }
        return ChunkCells(frames: frames, spans: Array(spans[range]), spansAlongY: spansAlongY)
    }

    var heapByteCount: Int {
        frames.count * MemoryLayout<CompositionalCell>.stride + (spans?.count ?? 0) * MemoryLayout<AcrossSpan>.stride
    }
}
