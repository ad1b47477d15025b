@_spi(WorkCounting) @testable import FlowLayout
import Testing
import SeededRandom

/// Issue 3, "beyond UIKit": the opt-in line alignments (`leading`, `center`, `trailing`, `justified`)
/// and the cross-axis alignments (`start`, `center`, `end`), in both scroll directions, on the row path
/// (varied sizes) and on the uniform path. Every expected number below is worked out by hand in the
/// comments from the line-breaking rule of docs/flow-layout.md §6.2 / §5.1 and the alignment
/// semantics of its §15: exactly `minimumInteritemSpacing` between the items of a line (justified: the
/// free space shared equally, last line included), `minimumLineSpacing` between lines, in both scroll
/// directions.
@Suite("Line and cross alignment (beyond UIKit)")
struct AlignmentTests {
    // MARK: Helpers

    static func cells(
        _ sections: [FlowSection], crossAxis: Double, settings: FlowLayoutSettings
    ) -> (cells: [Rect], contentSize: Size) {
        let layout = BaseLayout(FlowLayoutInput(settings: settings, sections: sections, crossAxisLength: crossAxis))
        let frames = allAttributes(of: layout).filter { $0.kind == .cell }
            .sorted { ($0.section, $0.item) < ($1.section, $1.item) }.map(\.frame)
        return (frames, layout.contentSize)
    }

    /// The same rectangle with x and y (and width and height) exchanged.
    static func transposed(_ r: Rect) -> Rect { rect(r.minY, r.minX, r.size.height, r.size.width) }

    static func sizes(_ list: [(Double, Double)]) -> [Size] { list.map { Size(width: $0.0, height: $0.1) } }

    // MARK: Row path, vertical
    //
    // Width 300, insets top 5 / left 10 / bottom 0 / right 20, interitem 10, line 20.
    // avail = 300 − 10 − 20 = 270. Sizes (w×h): 80×40, 60×20, 100×30, 90×50, 120×10, 50×30, 70×20.
    // Breaking with sIn = 10: 270 −90 → 180 −70 → 110 −110 → 0; 90 > 0 → line 1, 270 − 100 = 170;
    // 120 ≤ 170 → 40; 50 > 40 → line 2, 270 − 60 = 210; 70 ≤ 210 → 130.
    // Lines: [0 1 2] Σ 240, thick 40, y 5; [3 4] Σ 210, thick 50, y 5 + 40 + 20 = 65;
    //        [5 6] Σ 120, thick 30, y 65 + 50 + 20 = 135. End 165 → contentSize (300, 165).

    static let rowSizes = sizes([(80, 40), (60, 20), (100, 30), (90, 50), (120, 10), (50, 30), (70, 20)])

    static func rowSettings(_ direction: ScrollDirection) -> FlowLayoutSettings {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = direction
        settings.minimumInteritemSpacing = 10
        settings.minimumLineSpacing = 20
        // The horizontal case is the vertical one turned on its side: top/bottom lead and trail a
        // column, left is the scroll-axis lead.
        settings.sectionInset = direction == .vertical
            ? EdgeInsets(top: 5, left: 10, bottom: 0, right: 20)
            : EdgeInsets(top: 10, left: 5, bottom: 20, right: 0)
        return settings
    }

    /// x of each item per line alignment (nil = UIKit's rules).
    ///  leading:   begin 10, gap 10 → [10, 100, 170] [10, 110] [10, 70]
    ///  center:    free = 270 − (Σ + (n−1)·10): 10, 50, 140 → begin 15, 35, 80
    ///             → [15, 105, 175] [35, 135] [80, 140]
    ///  trailing:  begin 10 + free = 20, 60, 150 → [20, 110, 180] [60, 160] [150, 210] (every line ends at 280)
    ///  justified: gaps (270 − Σ)/(n − 1) = 15, 60, 150 → [10, 105, 180] [10, 160] [10, 210]
    ///  UIKit:     lines 0 and 1 complete (justified as above); the last line is incomplete (130 ≠ 40)
    ///             and packed with gap 10 → [10, 70].
    static let rowX: [LineAlignment?: [Double]] = [
        .leading: [10, 100, 170, 10, 110, 10, 70],
        .center: [15, 105, 175, 35, 135, 80, 140],
        .trailing: [20, 110, 180, 60, 160, 150, 210],
        .justified: [10, 105, 180, 10, 160, 10, 210],
        nil: [10, 105, 180, 10, 160, 10, 70],
    ]

    /// y of each item per cross alignment, lines at 5 (thick 40), 65 (thick 50), 135 (thick 30).
    ///  start:  the line's start.
    ///  center: + (thick − h)/2 → 5+0, 5+10, 5+5; 65+0, 65+20; 135+0, 135+5.
    ///  end:    + (thick − h)   → 5+0, 5+20, 5+10; 65+0, 65+40; 135+0, 135+10.
    static let rowY: [CrossAlignment: [Double]] = [
        .start: [5, 5, 5, 65, 65, 135, 135],
        .center: [5, 15, 10, 65, 85, 135, 140],
        .end: [5, 25, 15, 65, 105, 135, 145],
    ]

    static let lineAlignments: [LineAlignment?] = [.leading, .center, .trailing, .justified, nil]
    static let crossAlignments: [CrossAlignment] = [.start, .center, .end]

    static func expectedRowFrames(_ line: LineAlignment?, _ cross: CrossAlignment) -> [Rect] {
        zip(zip(rowX[line]!, rowY[cross]!), rowSizes).map { position, size in
            rect(position.0, position.1, size.width, size.height)
        }
    }

    @Test(arguments: lineAlignments, crossAlignments)
    func rowPathVertical(line: LineAlignment?, cross: CrossAlignment) {
        var settings = Self.rowSettings(.vertical)
        settings.lineAlignment = line
        settings.crossAlignment = cross
        let laid = Self.cells([FlowSection(items: .sizes(Self.rowSizes))], crossAxis: 300, settings: settings)
        #expect(laid.cells == Self.expectedRowFrames(line, cross))
        #expect(laid.contentSize == Size(width: 300, height: 165))
    }

    /// Height 300, insets top 10 / left 5 / bottom 20 / right 0, interitem 10, line 20, the same sizes
    /// turned on their side: with a line alignment set there is no spacing swap, so items in a column
    /// are exactly 10 (interitem) apart and columns 20 (line spacing) apart, and every frame is the
    /// vertical one transposed; contentSize (165, 300).
    @Test(arguments: [LineAlignment.leading, .center, .trailing, .justified], crossAlignments)
    func rowPathHorizontal(line: LineAlignment, cross: CrossAlignment) {
        var settings = Self.rowSettings(.horizontal)
        settings.lineAlignment = line
        settings.crossAlignment = cross
        let sizes = Self.rowSizes.map { Size(width: $0.height, height: $0.width) }
        let laid = Self.cells([FlowSection(items: .sizes(sizes))], crossAxis: 300, settings: settings)
        #expect(laid.cells == Self.expectedRowFrames(line, cross).map(Self.transposed))
        #expect(laid.contentSize == Size(width: 165, height: 300))
    }

    @Test func rowPathHorizontalSpellsOutTheLeadingStartFrames() {
        // The transposition above written out for one case: columns at x 5, 65, 135; y begins at 10.
        var settings = Self.rowSettings(.horizontal)
        settings.lineAlignment = .leading
        settings.crossAlignment = .start
        let sizes = Self.rowSizes.map { Size(width: $0.height, height: $0.width) }
        let laid = Self.cells([FlowSection(items: .sizes(sizes))], crossAxis: 300, settings: settings)
        #expect(laid.cells == [
            rect(5, 10, 40, 80), rect(5, 100, 20, 60), rect(5, 170, 30, 100),
            rect(65, 10, 50, 90), rect(65, 110, 10, 120),
            rect(135, 10, 30, 50), rect(135, 70, 20, 70),
        ])
    }

    // MARK: Example 11 with alignments: no spacing swap

    /// docs/flow-layout.md example 11 (height 200, interitem 5, line 20, sizes 50×60, 60×60, 50×100, 40×40).
    /// UIKit swaps the spacings there; the line alignments do not.
    /// Breaking with sIn = 5: 200 −65 → 135 −65 → 70; 100 > 70 → column 1, 200 − 105 = 95; 40 ≤ 95.
    /// Columns [0 1] thick 60 at x 0, [2 3] thick 50 at x 0 + 60 + 20 = 80; contentSize (130, 200).
    /// Cross centre: x 0 + 5, 0 + 0, 80 + 0, 80 + 5.
    static func example11(_ line: LineAlignment?) -> (cells: [Rect], contentSize: Size) {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = .horizontal
        settings.minimumInteritemSpacing = 5
        settings.minimumLineSpacing = 20
        settings.lineAlignment = line
        return cells(
            [FlowSection(items: .sizes(sizes([(50, 60), (60, 60), (50, 100), (40, 40)])))], crossAxis: 200,
            settings: settings)
    }

    @Test func example11LeadingUsesInteritemSpacingInsideAColumn() {
        // y: 0, 60 + 5 = 65; 0, 100 + 5 = 105.
        let laid = Self.example11(.leading)
        #expect(laid.cells == [rect(5, 0, 50, 60), rect(0, 65, 60, 60), rect(80, 0, 50, 100), rect(85, 105, 40, 40)])
        #expect(laid.contentSize == Size(width: 130, height: 200))
    }

    @Test func example11JustifiedJustifiesTheLastColumnToo() {
        // Gaps 200 − 120 = 80 and 200 − 140 = 60: y 0, 140; 0, 160 (the last column ends at 200 too).
        let laid = Self.example11(.justified)
        #expect(laid.cells == [rect(5, 0, 50, 60), rect(0, 140, 60, 60), rect(80, 0, 50, 100), rect(85, 160, 40, 40)])
        #expect(laid.contentSize == Size(width: 130, height: 200))
    }

    @Test func example11CenterAndTrailing() {
        // Free space: 200 − 125 = 75 and 200 − 145 = 55.
        // center: begin 37.5 → y 37.5, 102.5; begin 27.5 → y 27.5, 132.5.
        // trailing: begin 75 → y 75, 140; begin 55 → y 55, 160.
        #expect(Self.example11(.center).cells == [
            rect(5, 37.5, 50, 60), rect(0, 102.5, 60, 60), rect(80, 27.5, 50, 100), rect(85, 132.5, 40, 40),
        ])
        #expect(Self.example11(.trailing).cells == [
            rect(5, 75, 50, 60), rect(0, 140, 60, 60), rect(80, 55, 50, 100), rect(85, 160, 40, 40),
        ])
    }

    @Test func example11WithoutAlignmentKeepsUIKitSwap() {
        // UIKit's default stays as docs/flow-layout.md's example 11.
        let laid = Self.example11(nil)
        #expect(laid.cells == [rect(5, 0, 50, 60), rect(0, 140, 60, 60), rect(65, 0, 50, 100), rect(70, 120, 40, 40)])
        #expect(laid.contentSize == Size(width: 115, height: 200))
    }

    @Test func crossAlignmentAloneKeepsUIKitSwap() {
        // Only the cross alignment set: UIKit's line rules and spacing roles stay (columns 5 apart,
        // 20 inside a column, justified first column, packed last one); `end` = the column's right edge.
        var settings = FlowLayoutSettings()
        settings.scrollDirection = .horizontal
        settings.minimumInteritemSpacing = 5
        settings.minimumLineSpacing = 20
        settings.crossAlignment = .end
        let laid = Self.cells(
            [FlowSection(items: .sizes(Self.sizes([(50, 60), (60, 60), (50, 100), (40, 40)])))], crossAxis: 200,
            settings: settings)
        // Column 0 thick 60: end → x 10, 0. Column 1 at 65 thick 50: x 65, 75.
        #expect(laid.cells == [rect(10, 0, 50, 60), rect(0, 140, 60, 60), rect(65, 0, 50, 100), rect(75, 120, 40, 40)])
    }

    // MARK: Lone items

    @Test func justifiedLoneItemsSitAtTheLeadingEdge() {
        // Width 300, insets left 12, avail 288: 100 fits (rem 288 − 110 = 178); 250 > 178 → own line
        // (rem 288 − 260 = 28); 40 > 28 → own line. Every line holds one item: UIKit centres them, the
        // justified alignment puts them at the leading inset.
        var settings = FlowLayoutSettings()
        settings.sectionInset = EdgeInsets(top: 0, left: 12, bottom: 0, right: 0)
        settings.lineAlignment = .justified
        let sizes = Self.sizes([(100, 50), (250, 50), (40, 50)])
        let laid = Self.cells([FlowSection(items: .sizes(sizes))], crossAxis: 300, settings: settings)
        #expect(laid.cells == [rect(12, 0, 100, 50), rect(12, 60, 250, 50), rect(12, 120, 40, 50)])
        settings.lineAlignment = nil
        // UIKit (rule 6.3 A): centred in [12, 300]: 12 + (288 − w)/2 = 106, 31, 136.
        let uikit = Self.cells([FlowSection(items: .sizes(sizes))], crossAxis: 300, settings: settings)
        #expect(uikit.cells == [rect(106, 0, 100, 50), rect(31, 60, 250, 50), rect(136, 120, 40, 50)])
    }

    // MARK: Uniform path
    //
    // Width 300, insets top 5 / left 10 / right 20, interitem 5, line 20, 7 items 60×40.
    // avail 270, perLine = floor((270 + 5)/(60 + 5)) = floor(4.23) = 4: lines of 4 and 3 at y 5 and 65.
    // End of lines 65 + 40 = 105 → contentSize (300, 105).

    /// x per alignment.
    ///  leading:   [10, 75, 140, 205] [10, 75, 140]
    ///  center:    free 270 − 255 = 15 → begin 17.5; 270 − 190 = 80 → begin 50
    ///             → [17.5, 82.5, 147.5, 212.5] [50, 115, 180]
    ///  trailing:  begin 25 and 90 → [25, 90, 155, 220] [90, 155, 220]
    ///  justified: gaps (270 − 240)/3 = 10 and (270 − 180)/2 = 45 → [10, 80, 150, 220] [10, 115, 220]
    ///  UIKit:     gap 10, the last line keeps the grid's columns → [10, 80, 150, 220] [10, 80, 150]
    static let uniformX: [LineAlignment?: [Double]] = [
        .leading: [10, 75, 140, 205, 10, 75, 140],
        .center: [17.5, 82.5, 147.5, 212.5, 50, 115, 180],
        .trailing: [25, 90, 155, 220, 90, 155, 220],
        .justified: [10, 80, 150, 220, 10, 115, 220],
        nil: [10, 80, 150, 220, 10, 80, 150],
    ]
    static let uniformY: [Double] = [5, 5, 5, 5, 65, 65, 65]

    static func uniformSettings(_ direction: ScrollDirection) -> FlowLayoutSettings {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = direction
        settings.minimumInteritemSpacing = 5
        settings.minimumLineSpacing = 20
        settings.sectionInset = direction == .vertical
            ? EdgeInsets(top: 5, left: 10, bottom: 0, right: 20)
            : EdgeInsets(top: 10, left: 5, bottom: 20, right: 0)
        settings.itemSize = direction == .vertical ? Size(width: 60, height: 40) : Size(width: 40, height: 60)
        return settings
    }

    static func expectedUniform(_ line: LineAlignment?) -> [Rect] {
        zip(uniformX[line]!, uniformY).map { rect($0.0, $0.1, 60, 40) }
    }

    /// Cross alignment has nothing to move on the uniform path: every item is as thick as its line.
    @Test(arguments: lineAlignments, crossAlignments)
    func uniformPathVertical(line: LineAlignment?, cross: CrossAlignment) {
        var settings = Self.uniformSettings(.vertical)
        settings.lineAlignment = line
        settings.crossAlignment = cross
        for items in [FlowSection.Items.count(7), .sizes(Array(repeating: Size(width: 60, height: 40), count: 7))] {
            let laid = Self.cells([FlowSection(items: items)], crossAxis: 300, settings: settings)
            #expect(laid.cells == Self.expectedUniform(line), "\(items)")
            #expect(laid.contentSize == Size(width: 300, height: 105))
        }
    }

    /// Height 300, insets top 10 / left 5 / bottom 20, items 40×60: the vertical case transposed;
    /// contentSize (105, 300).
    @Test(arguments: lineAlignments, crossAlignments)
    func uniformPathHorizontal(line: LineAlignment?, cross: CrossAlignment) {
        var settings = Self.uniformSettings(.horizontal)
        settings.lineAlignment = line
        settings.crossAlignment = cross
        let laid = Self.cells([FlowSection(items: .count(7))], crossAxis: 300, settings: settings)
        #expect(laid.cells == Self.expectedUniform(line).map(Self.transposed))
        #expect(laid.contentSize == Size(width: 105, height: 300))
    }

    @Test func uniformHorizontalCenterSpelledOut() {
        var settings = Self.uniformSettings(.horizontal)
        settings.lineAlignment = .center
        let laid = Self.cells([FlowSection(items: .count(7))], crossAxis: 300, settings: settings)
        #expect(laid.cells == [
            rect(5, 17.5, 40, 60), rect(5, 82.5, 40, 60), rect(5, 147.5, 40, 60), rect(5, 212.5, 40, 60),
            rect(65, 50, 40, 60), rect(65, 115, 40, 60), rect(65, 180, 40, 60),
        ])
    }

    @Test func uniformLoneItemPerLine() {
        // Width 200, items 150×30, interitem 10: perLine = floor(210/160) = 1. UIKit centres at
        // (200 − 150)/2 = 25; leading 0, trailing 50, center 25, justified (one item) 0.
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: 150, height: 30)
        let expected: [LineAlignment?: Double] = [nil: 25, .leading: 0, .center: 25, .trailing: 50, .justified: 0]
        for (line, x) in expected {
            settings.lineAlignment = line
            let laid = Self.cells([FlowSection(items: .count(2))], crossAxis: 200, settings: settings)
            #expect(laid.cells == [rect(x, 0, 150, 30), rect(x, 40, 150, 30)], "\(String(describing: line))")
        }
    }

    // MARK: Exact spacing

    @Test(arguments: [LineAlignment.leading, .center, .trailing], [ScrollDirection.vertical, .horizontal])
    func inLineGapIsExactlyTheInteritemSpacing(line: LineAlignment, direction: ScrollDirection) {
        // Random varied sizes on a quarter-point grid: within each line, the gap between neighbours is
        // exactly minimumInteritemSpacing (7.25), whatever the line spacing (31.5).
        var random = SplitMix64(seed: 4242)
        var settings = FlowLayoutSettings()
        settings.scrollDirection = direction
        settings.minimumInteritemSpacing = 7.25
        settings.minimumLineSpacing = 31.5
        settings.lineAlignment = line
        settings.crossAlignment = .start
        let sizes = (0..<60).map { _ in
            Size(width: (Double.random(in: 4...120, using: &random) * 4).rounded() / 4,
                 height: (Double.random(in: 4...120, using: &random) * 4).rounded() / 4)
        }
        let laid = Self.cells([FlowSection(items: .sizes(sizes))], crossAxis: 400, settings: settings)
        let along: (Rect) -> (min: Double, max: Double) = direction == .vertical
            ? { ($0.minX, $0.maxX) } : { ($0.minY, $0.maxY) }
        let scroll: (Rect) -> Double = direction == .vertical ? { $0.minY } : { $0.minX }
        let thickness: (Rect) -> Double = direction == .vertical ? { $0.size.height } : { $0.size.width }
        var gaps = 0
        for (a, b) in zip(laid.cells, laid.cells.dropFirst()) where scroll(a) == scroll(b) {
            #expect(along(b).min - along(a).max == 7.25)
            gaps += 1
        }
        #expect(gaps > 30)
        // Lines (cross-aligned to their start) follow each other at the previous line's thickness
        // plus exactly minimumLineSpacing.
        let starts = Array(Set(laid.cells.map(scroll))).sorted()
        #expect(starts.count >= 5)
        for (start, next) in zip(starts, starts.dropFirst()) {
            let thick = laid.cells.filter { scroll($0) == start }.map(thickness).max()!
            #expect(next == start + thick + 31.5)
        }
    }
}
