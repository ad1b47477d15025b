import FlowLayout
import WireKit

/// `layout`: UIKit's flow-layout properties, the aligned-flow extensions and the CSS mode.
extension LayoutRequestDecoder {
    func decodeSettings(_ value: JSONValue) throws(RequestError) -> FlowLayoutSettings {
        var settings = FlowLayoutSettings()
        var css = CSSFlexLayout()
        var isCSS = false
        // Fields of the other mode than the one chosen are refused rather than silently ignored.
        var flowOnly: String?
        var cssOnly: String?
        try value.members { (key, value) throws(RequestError) in
            if key == Wire.FlowLayoutSettings.mode {
                isCSS = try value.choice(Wire.Words.modes)
                return true
            }
            if try decodeCommonSetting(key, value, into: &settings) { return true }
            if try decodeFlowSetting(key, value, into: &settings) {
                flowOnly = flowOnly ?? key.string
                return true
            }
            if try decodeCSSSetting(key, value, into: &css) {
                cssOnly = cssOnly ?? key.string
                return true
            }
            return false
        }
        if isCSS, let flowOnly {
            throw RequestError.invalid("'\(flowOnly)' belongs to the flow mode; CSS mode uses its own keywords.").under(flowOnly)
        }
        if !isCSS, let cssOnly {
            throw RequestError.invalid("'\(cssOnly)' needs \"mode\": \"css\".").under(cssOnly)
        }
        if isCSS { settings.css = css }
        return settings
    }

    /// Settings both modes read.
    private func decodeCommonSetting(_ key: JSONKey, _ value: JSONValue, into settings: inout FlowLayoutSettings) throws(RequestError) -> Bool {
        if key == Wire.FlowLayoutSettings.itemSize { settings.itemSize = try value.size(limits, requireBoth: true) }
        else if key == Wire.FlowLayoutSettings.estimatedItemSize { settings.estimatedItemSize = try value.size(limits, requireBoth: true) }
        else if key == Wire.FlowLayoutSettings.headerReferenceSize { settings.headerReferenceSize = try value.size(limits, requireBoth: false) }
        else if key == Wire.FlowLayoutSettings.footerReferenceSize { settings.footerReferenceSize = try value.size(limits, requireBoth: false) }
        else if key == Wire.FlowLayoutSettings.sectionHeadersPinToVisibleBounds { settings.sectionHeadersPinToVisibleBounds = try value.boolean() }
        else if key == Wire.FlowLayoutSettings.sectionFootersPinToVisibleBounds { settings.sectionFootersPinToVisibleBounds = try value.boolean() }
        else { return false }
        return true
    }

    /// UICollectionViewFlowLayout's own properties, the aligned-flow extensions and masonry.
    private func decodeFlowSetting(_ key: JSONKey, _ value: JSONValue, into settings: inout FlowLayoutSettings) throws(RequestError) -> Bool {
        if key == Wire.FlowLayoutSettings.scrollDirection {
            settings.scrollDirection = try value.choice(Wire.Words.scrollDirections)
        } else if key == Wire.FlowLayoutSettings.minimumLineSpacing { settings.minimumLineSpacing = try value.number(limits) }
        else if key == Wire.FlowLayoutSettings.minimumInteritemSpacing { settings.minimumInteritemSpacing = try value.number(limits) }
        else if key == Wire.FlowLayoutSettings.sectionInset { settings.sectionInset = try value.insets(limits) }
        else if key == Wire.FlowLayoutSettings.sectionInsetReference {
            settings.sectionInsetReference = try value.choice(Wire.Words.sectionInsetReferences)
        } else if key == Wire.FlowLayoutSettings.lineAlignment {
            settings.lineAlignment = try value.choice(Wire.Words.lineAlignments)
        } else if key == Wire.FlowLayoutSettings.crossAlignment {
            settings.crossAlignment = try value.choice(Wire.Words.crossAlignments)
        } else if key == Wire.FlowLayoutSettings.masonry {
            settings.masonry = try decodeMasonry(value)
        } else if key == Wire.FlowLayoutSettings.compositional {
            settings.compositional = try decodeCompositional(value)
        } else if key == Wire.FlowLayoutSettings.interSectionSpacing {
            settings.interSectionSpacing = try value.number(limits)
        } else { return false }
        return true
    }

    /// The CSS flexbox keywords of `"mode": "css"`.
    private func decodeCSSSetting(_ key: JSONKey, _ value: JSONValue, into css: inout CSSFlexLayout) throws(RequestError) -> Bool {
        if key == Wire.FlowLayoutSettings.flexDirection { css.flexDirection = try value.choice(Wire.Words.flexDirections) }
        else if key == Wire.FlowLayoutSettings.justifyContent {
            css.justifyContent = try value.choice(Wire.Words.justifyContents)
        } else if key == Wire.FlowLayoutSettings.alignItems {
            css.alignItems = try value.choice(Wire.Words.alignItems)
        } else if key == Wire.FlowLayoutSettings.alignContent {
            css.alignContent = try value.choice(Wire.Words.alignContents)
        } else if key == Wire.FlowLayoutSettings.rowGap { css.rowGap = try value.length(limits) }
        else if key == Wire.FlowLayoutSettings.columnGap { css.columnGap = try value.length(limits) }
        else if key == Wire.FlowLayoutSettings.padding { css.padding = try value.insets(limits) }
        else if key == Wire.FlowLayoutSettings.crossSize { css.crossSize = try value.length(limits) }
        else { return false }
        return true
    }
}
