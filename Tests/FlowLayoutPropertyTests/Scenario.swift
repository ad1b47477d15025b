import FlowLayout
import PropertyBased
import SeededRandom

/// A random collection view: sections of counted or listed items, spacings, insets, headers and
/// footers, a direction, a layout direction and a scale, restricted to what UIKit promises to lay
/// out sensibly (non-negative spacings and insets, items that fit a line).
struct Scenario: Sendable, CustomStringConvertible {
    var input: FlowLayoutInput
    var layoutDirection: LayoutDirection
    var scale: Double?
    /// Seeds the random rectangles a property queries.
    var seed: UInt64

    var description: String {
        let counts: [Int] = input.sections.map { $0.items.count }
        let scaleText = scale.map { "\($0)" } ?? "nil"
        return "Scenario(seed: \(seed), \(input.settings.effectiveScrollDirection), \(layoutDirection), scale \(scaleText), items \(counts))"
    }

    static let generator = Gen.uint64(in: 0...UInt64.max).map { Scenario(seed: $0) }

    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        self.seed = seed
        var settings = FlowLayoutSettings()
        settings.scrollDirection = Bool.random(using: &random) ? .vertical : .horizontal
        settings.minimumLineSpacing = Self.pick([0, 4, 10, 12.5], &random)
        settings.minimumInteritemSpacing = Self.pick([0, 3, 10, 7.25], &random)
        settings.sectionInset = EdgeInsets(
            top: Self.pick([0, 8, 20], &random), left: Self.pick([0, 10, 16.5], &random),
            bottom: Self.pick([0, 8, 20], &random), right: Self.pick([0, 10, 16.5], &random))
        settings.headerReferenceSize = Size(width: Self.pick([0, 30, 44], &random), height: Self.pick([0, 30, 44], &random))
        settings.footerReferenceSize = Size(width: Self.pick([0, 20], &random), height: Self.pick([0, 20], &random))
        settings.itemSize = Size(width: Self.pick([50, 64, 33.3], &random), height: Self.pick([40, 50, 77.7], &random))
        switch random.next() % 4 {
        case 0: settings.lineAlignment = Self.pick([.leading, .center, .trailing, .justified], &random)
        case 1: settings.crossAlignment = Self.pick([.start, .end], &random)
        default: break
        }
        let crossAxisLength = Self.pick([200, 320, 375, 414.5], &random)
        let direction = settings.scrollDirection
        let along = { (size: Size) in direction == .vertical ? size.width : size.height }
        let avail = crossAxisLength - (direction == .vertical
            ? settings.sectionInset.left + settings.sectionInset.right
            : settings.sectionInset.top + settings.sectionInset.bottom)
        var sections: [FlowSection] = []
        for _ in 0..<(1 + Int(random.next() % 4)) {
            let count = Int(random.next() % 120)
            switch random.next() % 3 {
            case 0:
                sections.append(FlowSection(items: .count(along(settings.itemSize) <= avail ? count : 0)))
            case 1:
                let size = Size(width: Self.pick([40, 90, 120], &random), height: Self.pick([30, 60], &random))
                sections.append(FlowSection(items: .sizes(Array(repeating: size, count: count))))
            default:
                let sizes = (0..<count).map { _ in
                    Size(width: Double(10 + random.next() % 190), height: Double(10 + random.next() % 150) + (random.next() % 2 == 0 ? 0.5 : 0))
                }
                sections.append(FlowSection(items: .sizes(sizes.filter { along($0) <= avail })))
            }
        }
        input = FlowLayoutInput(settings: settings, sections: sections, crossAxisLength: crossAxisLength)
        layoutDirection = random.next() % 3 == 0 ? .rightToLeft : .leftToRight
        scale = Self.pick([nil, 1, 2, 3], &random)
    }

    /// Bounds covering the whole content and more.
    func everything(_ layout: BaseLayout) -> Viewport {
        Viewport(
            bounds: Rect(x: -1000, y: -1000, width: layout.contentSize.width + 2000, height: layout.contentSize.height + 2000),
            scale: scale, layoutDirection: layoutDirection)
    }

    func viewport(_ bounds: Rect) -> Viewport {
        Viewport(bounds: bounds, scale: scale, layoutDirection: layoutDirection)
    }

    static func pick<T>(_ options: [T], _ random: inout SplitMix64) -> T {
        options[Int(random.next() % UInt64(options.count))]
    }
}
