import FlowLayout

/// A layout's inputs but its items (`BaseLayout.inputWithoutItems`) as bytes: every setting, the
/// cross-axis length, the insets, and each section's overrides. Optional values carry a presence
/// flag first, so "absent" and "zero" differ, as they do in the content hash.
extension ArchiveWriter {
    /// `format` 1 (before masonry) leaves the masonry settings out: how older replicas wrote roots.
    mutating func input(_ input: FlowLayoutInput, format: UInt8) {
        settings(input.settings, hasMasonry: format >= 2)
        double(input.crossAxisLength)
        insets(input.contentInset)
        insets(input.safeAreaInsets)
        insets(input.layoutMargins)
        count(input.sections.count)
        for section in input.sections { overrides(section, hasMasonry: format >= 2) }
        if format >= 3 {
            double(input.scrollAxisLength)
            double(input.settings.interSectionSpacing)
            optional(input.settings.compositional) { $0.compositional($1) }
            for section in input.sections { optional(section.compositional) { $0.compositional($1) } }
        }
    }

    mutating func size(_ size: Size) {
        double(size.width)
        double(size.height)
    }

    mutating func insets(_ insets: EdgeInsets) {
        double(insets.top)
        double(insets.left)
        double(insets.bottom)
        double(insets.right)
    }

    private mutating func optional<Value>(_ value: Value?, _ write: (inout Self, Value) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    private mutating func settings(_ settings: FlowLayoutSettings, hasMasonry: Bool) {
        byte(settings.scrollDirection.rawValue)
        size(settings.itemSize)
        optional(settings.estimatedItemSize) { $0.size($1) }
        double(settings.minimumLineSpacing)
        double(settings.minimumInteritemSpacing)
        insets(settings.sectionInset)
        size(settings.headerReferenceSize)
        size(settings.footerReferenceSize)
        bool(settings.sectionHeadersPinToVisibleBounds)
        bool(settings.sectionFootersPinToVisibleBounds)
        byte(settings.sectionInsetReference.rawValue)
        optional(settings.lineAlignment) { $0.byte($1.rawValue) }
        byte(settings.crossAlignment.rawValue)
        optional(settings.css) { writer, css in
            writer.byte(css.flexDirection.rawValue)
            writer.byte(css.justifyContent.rawValue)
            writer.byte(css.alignItems.rawValue)
            writer.byte(css.alignContent.rawValue)
            writer.double(css.rowGap)
            writer.double(css.columnGap)
            writer.insets(css.padding)
            writer.optional(css.crossSize) { $0.double($1) }
        }
        if hasMasonry { optional(settings.masonry) { $0.masonry($1) } }
    }

    private mutating func masonry(_ masonry: MasonryColumns) {
        switch masonry.normalizedCount {
        case .fixed(let columns):
            byte(0)
            count(columns)
        case .minimumWidth(let width):
            byte(1)
            double(width)
        }
        optional(masonry.columnSpacing) { $0.double($1) }
        byte(masonry.placement.rawValue)
        byte(masonry.itemSizing.rawValue)
    }

    private mutating func overrides(_ section: FlowSection, hasMasonry: Bool) {
        optional(section.sectionInset) { $0.insets($1) }
        optional(section.minimumLineSpacing) { $0.double($1) }
        optional(section.minimumInteritemSpacing) { $0.double($1) }
        optional(section.headerReferenceSize) { $0.size($1) }
        optional(section.footerReferenceSize) { $0.size($1) }
        if hasMasonry { optional(section.masonry) { $0.masonry($1) } }
    }
}

extension ArchiveReader {
    /// What `ArchiveWriter.input` wrote, with at most `maxSections` sections, each with no items. Format
    /// 1 (before masonry) has no masonry settings.
    mutating func input(maxSections: Int, format: UInt8) throws(ArchiveError) -> FlowLayoutInput {
        let hasMasonry = format >= 2
        let settings = try settings(hasMasonry: hasMasonry)
        let crossAxisLength = try double()
        let contentInset = try insets()
        let safeAreaInsets = try insets()
        let layoutMargins = try insets()
        let count = try count(max: maxSections)
        var sections: [FlowSection] = []
        sections.reserveCapacity(count)
        for _ in 0..<count { sections.append(try overrides(hasMasonry: hasMasonry)) }
        var input = FlowLayoutInput(
            settings: settings, sections: sections, crossAxisLength: crossAxisLength, contentInset: contentInset,
            safeAreaInsets: safeAreaInsets, layoutMargins: layoutMargins)
        if format >= 3 {
            input.scrollAxisLength = try double()
            input.settings.interSectionSpacing = try double()
            input.settings.compositional = try optional { (reader) throws(ArchiveError) in try reader.compositional() }
            for index in input.sections.indices {
                input.sections[index].compositional = try optional { (reader) throws(ArchiveError) in try reader.compositional() }
            }
        }
        return input
    }

    mutating func size() throws(ArchiveError) -> Size {
        let width = try double()
        return Size(width: width, height: try double())
    }

    mutating func insets() throws(ArchiveError) -> EdgeInsets {
        let top = try double()
        let left = try double()
        let bottom = try double()
        return EdgeInsets(top: top, left: left, bottom: bottom, right: try double())
    }

    private mutating func optional<Value>(_ read: (inout Self) throws(ArchiveError) -> Value) throws(ArchiveError) -> Value? {
        try bool() ? try read(&self) : nil
    }

    private mutating func settings(hasMasonry: Bool) throws(ArchiveError) -> FlowLayoutSettings {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = try value(ScrollDirection.self)
        settings.itemSize = try size()
        settings.estimatedItemSize = try optional { (reader) throws(ArchiveError) in try reader.size() }
        settings.minimumLineSpacing = try double()
        settings.minimumInteritemSpacing = try double()
        settings.sectionInset = try insets()
        settings.headerReferenceSize = try size()
        settings.footerReferenceSize = try size()
        settings.sectionHeadersPinToVisibleBounds = try bool()
        settings.sectionFootersPinToVisibleBounds = try bool()
        settings.sectionInsetReference = try value(SectionInsetReference.self)
        settings.lineAlignment = try optional { (reader) throws(ArchiveError) in try reader.value(LineAlignment.self) }
        settings.crossAlignment = try value(CrossAlignment.self)
        settings.css = try optional { (reader) throws(ArchiveError) in
            var css = CSSFlexLayout()
            css.flexDirection = try reader.value(CSSFlexLayout.FlexDirection.self)
            css.justifyContent = try reader.value(CSSFlexLayout.JustifyContent.self)
            css.alignItems = try reader.value(CSSFlexLayout.AlignItems.self)
            css.alignContent = try reader.value(CSSFlexLayout.AlignContent.self)
            css.rowGap = try reader.double()
            css.columnGap = try reader.double()
            css.padding = try reader.insets()
            css.crossSize = try reader.optional { (reader) throws(ArchiveError) in try reader.double() }
            return css
        }
        if hasMasonry { settings.masonry = try optional { (reader) throws(ArchiveError) in try reader.masonry() } }
        return settings
    }

    private mutating func masonry() throws(ArchiveError) -> MasonryColumns {
        let count: MasonryColumns.Count
        switch try byte() {
        case 0: count = .fixed(try self.count(max: MasonryColumns.maximumColumnCount))
        case 1: count = .minimumWidth(try double())
        default: throw .corrupt("a column count of an unknown kind")
        }
        return MasonryColumns(
            count: count, columnSpacing: try optional { (reader) throws(ArchiveError) in try reader.double() },
            placement: try value(MasonryColumns.Placement.self), itemSizing: try value(MasonryColumns.ItemSizing.self))
    }

    private mutating func overrides(hasMasonry: Bool) throws(ArchiveError) -> FlowSection {
        var section = FlowSection(
            items: .count(0),
            sectionInset: try optional { (reader) throws(ArchiveError) in try reader.insets() },
            minimumLineSpacing: try optional { (reader) throws(ArchiveError) in try reader.double() },
            minimumInteritemSpacing: try optional { (reader) throws(ArchiveError) in try reader.double() },
            headerReferenceSize: try optional { (reader) throws(ArchiveError) in try reader.size() },
            footerReferenceSize: try optional { (reader) throws(ArchiveError) in try reader.size() })
        if hasMasonry { section.masonry = try optional { (reader) throws(ArchiveError) in try reader.masonry() } }
        return section
    }
}
