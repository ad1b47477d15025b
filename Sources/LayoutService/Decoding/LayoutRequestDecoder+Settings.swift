import FlowLayout

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
            if key == "mode" {
                isCSS = try value.choice(["flow": false, "css": true])
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
        if key == "itemSize" { settings.itemSize = try value.size(limits, requireBoth: true) }
        else if key == "estimatedItemSize" { settings.estimatedItemSize = try value.size(limits, requireBoth: true) }
        else if key == "headerReferenceSize" { settings.headerReferenceSize = try value.size(limits, requireBoth: false) }
        else if key == "footerReferenceSize" { settings.footerReferenceSize = try value.size(limits, requireBoth: false) }
        else if key == "sectionHeadersPinToVisibleBounds" { settings.sectionHeadersPinToVisibleBounds = try value.boolean() }
        else if key == "sectionFootersPinToVisibleBounds" { settings.sectionFootersPinToVisibleBounds = try value.boolean() }
        else { return false }
        return true
    }

    /// UICollectionViewFlowLayout's own properties and the aligned-flow extensions.
    private func decodeFlowSetting(_ key: JSONKey, _ value: JSONValue, into settings: inout FlowLayoutSettings) throws(RequestError) -> Bool {
        if key == "scrollDirection" {
            settings.scrollDirection = try value.choice(["vertical": .vertical, "horizontal": .horizontal])
        } else if key == "minimumLineSpacing" { settings.minimumLineSpacing = try value.number(limits) }
        else if key == "minimumInteritemSpacing" { settings.minimumInteritemSpacing = try value.number(limits) }
        else if key == "sectionInset" { settings.sectionInset = try value.insets(limits) }
        else if key == "sectionInsetReference" {
            settings.sectionInsetReference = try value.choice([
                "contentInset": .contentInset, "safeArea": .safeArea, "layoutMargins": .layoutMargins,
            ])
        } else if key == "lineAlignment" {
            settings.lineAlignment = try value.choice([
                "leading": .leading, "center": .center, "trailing": .trailing, "justified": .justified,
            ])
        } else if key == "crossAlignment" {
            settings.crossAlignment = try value.choice(["start": .start, "center": .center, "end": .end])
        } else { return false }
        return true
    }

    /// The CSS flexbox keywords of `"mode": "css"`.
    private func decodeCSSSetting(_ key: JSONKey, _ value: JSONValue, into css: inout CSSFlexLayout) throws(RequestError) -> Bool {
        if key == "flexDirection" { css.flexDirection = try value.choice(["row": .row, "column": .column]) }
        else if key == "justifyContent" {
            css.justifyContent = try value.choice([
                "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd,
                "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly,
            ])
        } else if key == "alignItems" {
            css.alignItems = try value.choice([
                "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "stretch": .stretch,
            ])
        } else if key == "alignContent" {
            css.alignContent = try value.choice([
                "normal": .normal, "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd,
                "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly,
                "stretch": .stretch,
            ])
        } else if key == "rowGap" { css.rowGap = try value.length(limits) }
        else if key == "columnGap" { css.columnGap = try value.length(limits) }
        else if key == "padding" { css.padding = try value.insets(limits) }
        else if key == "crossSize" { css.crossSize = try value.length(limits) }
        else { return false }
        return true
    }
}
