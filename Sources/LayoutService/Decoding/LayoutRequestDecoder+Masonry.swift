import FlowLayout
import WireKit

/// `masonry` on `layout` or on a section, and an item's `column` and `fullSpan` (docs/flow-layout.md §22).
extension LayoutRequestDecoder {
    func decodeMasonry(_ value: JSONValue) throws(RequestError) -> MasonryColumns {
        var count: MasonryColumns.Count?
        var columns = MasonryColumns(count: .fixed(1))
        try value.object().members { (key, value) throws(RequestError) in
            if key == Wire.Masonry.columns || key == Wire.Masonry.minimumColumnWidth {
                if count != nil { throw RequestError.invalid("Give either 'columns' or 'minimumColumnWidth', not both.") }
                count = key == Wire.Masonry.columns ? .fixed(try Self.column(value, from: 1)) : .minimumWidth(try positiveLength(value))
            } else if key == Wire.Masonry.columnSpacing { columns.columnSpacing = try value.number(limits) }
            else if key == Wire.Masonry.placement { columns.placement = try value.choice(Wire.Words.masonryPlacements) }
            else if key == Wire.Masonry.itemSizing { columns.itemSizing = try value.choice(Wire.Words.itemSizings) }
            else { return false }
            return true
        }
        guard let count else { throw RequestError.invalid("One of 'columns' or 'minimumColumnWidth' is required.") }
        columns.count = count
        return columns
    }

    /// Refuses a masonry section in a CSS layout (the engine would ignore it, §22), naming it relative
    /// to the list (`/1/masonry`).
    static func refuseMasonry(in sections: [FlowSection], settings: FlowLayoutSettings) throws(RequestError) {
        guard settings.css != nil, let index = sections.firstIndex(where: { $0.masonry != nil }) else { return }
        throw RequestError.invalid("'masonry' belongs to the flow mode; CSS mode uses its own keywords.").under("masonry").under(String(index))
    }

    /// A column count (`from` 1) or an item's column (`from` 0), below `MasonryColumns.maximumColumnCount`
    /// columns.
    static func column(_ value: JSONValue, from lowest: Int) throws(RequestError) -> Int {
        let limit = MasonryColumns.maximumColumnCount
        let number = try value.index()
        guard number >= lowest, number <= limit - 1 + lowest else {
            throw .invalid("Expected a whole number from \(lowest) to \(limit - 1 + lowest), got \(number).")
        }
        return number
    }

    private func positiveLength(_ value: JSONValue) throws(RequestError) -> Double {
        let length = try value.length(limits)
        guard length > 0 else { throw .invalid("Expected a positive length, got \(JSONWriter.spelling(length)).") }
        return length
    }
}
