extension PlotScene {
    /// The font families SVG viewers are asked for: DejaVu Sans (whose outlines the PNG uses), then look-alikes.
    static let svgFontFamily = "'DejaVu Sans', Verdana, 'Bitstream Vera Sans', Geneva, sans-serif"

    /// The drawing as a standalone SVG document. Every element carries `class` = its role; rectangles and polygons
    /// with a tooltip carry it as a `<title>` (shown when the pointer rests on them).
    package func svg(title: String) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="\(Self.svgFontFamily)">
            <title>\(Self.escape(title))</title>
            <rect class="background" x="0" y="0" width="\(width)" height="\(height)" fill="#ffffff"/>

            """
        for element in elements {
            switch element {
            case .rect(let r, let fill, let opacity, let role, let tooltip):
                let attributes =
                    "class=\"\(role)\" x=\"\(Self.number(r.x))\" y=\"\(Self.number(r.y))\" width=\"\(Self.number(r.width))\" height=\"\(Self.number(r.height))\" fill=\"\(fill.hex)\"\(Self.opacity("fill-opacity", opacity))"
                out += Self.tag("rect", attributes, tooltip: tooltip)
            case .line(let a, let b, let stroke, let w, let role):
                out +=
                    "<line class=\"\(role)\" x1=\"\(Self.number(a.x))\" y1=\"\(Self.number(a.y))\" x2=\"\(Self.number(b.x))\" y2=\"\(Self.number(b.y))\" stroke=\"\(stroke.hex)\" stroke-width=\"\(Self.number(w))\"/>\n"
            case .polyline(let points, let stroke, let w, let role):
                out +=
                    "<polyline class=\"\(role)\" points=\"\(Self.points(points))\" fill=\"none\" stroke=\"\(stroke.hex)\" stroke-width=\"\(Self.number(w))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
            case .polygon(let points, let fill, let opacity, let stroke, let strokeWidth, let role, let tooltip):
                var attributes =
                    "class=\"\(role)\" points=\"\(Self.points(points))\" fill=\"\(fill.hex)\"\(Self.opacity("fill-opacity", opacity))"
                if let stroke {
                    attributes += " stroke=\"\(stroke.hex)\" stroke-width=\"\(Self.number(strokeWidth))\" stroke-linejoin=\"round\""
                }
                out += Self.tag("polygon", attributes, tooltip: tooltip)
            case .text(let text):
                let anchor = text.anchor == .start ? "" : " text-anchor=\"\(text.anchor.rawValue)\""
                out +=
                    "<text class=\"\(text.role)\" x=\"\(Self.number(text.x))\" y=\"\(Self.number(text.y))\" font-size=\"\(Self.number(text.size))\" fill=\"\(text.color.hex)\"\(anchor)>\(Self.escape(text.string))</text>\n"
            }
        }
        return out + "</svg>\n"
    }

    private static func tag(_ name: String, _ attributes: String, tooltip: String?) -> String {
        guard let tooltip else { return "<\(name) \(attributes)/>\n" }
        return "<\(name) \(attributes)><title>\(escape(tooltip))</title></\(name)>\n"
    }

    private static func opacity(_ attribute: String, _ value: Double) -> String {
        value >= 1 ? "" : " \(attribute)=\"\(number(Swift.max(0, value), digits: 2))\""
    }

    /// A coordinate with at most `digits` decimals, without trailing zeros.
    static func number(_ value: Double, digits: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > digits + 1 {
            text = String(text[..<text.index(dot, offsetBy: digits + 1)])
        }
        return text
    }

    private static func points(_ list: [PlotPoint]) -> String {
        list.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for character in s {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
