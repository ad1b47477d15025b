import FlowLayout

/// Field names and choice words that more than one reader knows, declared once: the fast scroll
/// readers (`plainScroll`, `plainBounds`) and the full decoder read the names here, and the query
/// parameters the choices.
enum RequestFields {
    /// The members of a view a plain scroll has, by slot (`scrollOffset` is for the full decoder).
    enum View: Int, MemberName { case bounds, scale, layoutDirection, parallax
        static let names = MemberNames(Self.self)
    }

    enum Bounds: Int, MemberName { case x, y, width, height
        static let names = MemberNames(Self.self)
    }

    /// The members of a plain cell parallax (the presets' members are for the full decoder).
    enum CellParallax: Int, MemberName { case model, maxOffset, clamp, direction
        static let names = MemberNames(Self.self)
    }

    static let layoutDirections: KeyValuePairs<StaticString, LayoutDirection> = [
        "leftToRight": .leftToRight, "rightToLeft": .rightToLeft,
    ]

    /// The cell models and presets `parallax.model` names.
    enum CellModel { case center, cover, whatsAppImage, tableCellImage }

    static let cellModels: KeyValuePairs<StaticString, CellModel> = [
        "center": .center, "cover": .cover, "whatsAppImage": .whatsAppImage, "tableCellImage": .tableCellImage,
    ]

    static let cellDirections: KeyValuePairs<StaticString, FlowLayout.CellParallax.Direction> = [
        "natural": .natural, "reverse": .reverse,
    ]

    /// The value `word` names in `choices`, or nil.
    static func choice<Value>(_ word: UnsafeRawBufferPointer, in choices: KeyValuePairs<StaticString, Value>) -> Value? {
        let key = JSONKey(bytes: word)
        for (name, value) in choices where key == name { return value }
        return nil
    }
}
