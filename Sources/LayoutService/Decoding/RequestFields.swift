import FlowLayout
import WireKit

/// What the fast scroll reader (`plainScroll`) reads in one call each, by slot: subsets of the members
/// `Wire` declares (`WireSchemaTests` holds them to it).
enum RequestFields {
    /// The members of a view a plain scroll has, of `Wire.ScrollRequest` (`scrollOffset` and `band`
    /// are for the full decoder).
    enum View: Int, MemberName { case bounds, scale, layoutDirection, parallax
        static let names = MemberNames(Self.self)
    }

    /// The members of a plain cell parallax, of `Wire.Parallax` (the presets' members are for the full
    /// decoder).
    enum CellParallax: Int, MemberName { case model, maxOffset, clamp, direction
        static let names = MemberNames(Self.self)
    }

    /// The cell models and presets `parallax.model` names.
    enum CellModel { case center, cover, whatsAppImage, tableCellImage }
}
