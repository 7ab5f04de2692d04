import Foundation

/// A drawing in pixel coordinates that can be written as SVG or rasterized to PNG, so both outputs of
/// `haptic plot` show exactly the same thing.
struct PlotScene {
    /// An sRGB colour.
    struct Color: Equatable {
        var r: UInt8, g: UInt8, b: UInt8
        var hex: String {
            let digits = Array("0123456789abcdef")
            return "#" + [r, g, b].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
        }
        static let white = Color(r: 255, g: 255, b: 255)
        static let text = Color(r: 40, g: 44, b: 52)
        static let grid = Color(r: 226, g: 229, b: 234)
        static let axis = Color(r: 150, g: 155, b: 165)
        static let continuous = Color(r: 52, g: 120, b: 246)
        static let transient = Color(r: 240, g: 120, b: 30)
        static let sharpness = Color(r: 150, g: 70, b: 200)
        static let audio = Color(r: 40, g: 170, b: 110)
        static let acceleration = Color(r: 20, g: 150, b: 160)
    }

    /// One drawing element.
    enum Element {
        /// A filled rectangle (`opacity` 0 … 1).
        case rect(x: Double, y: Double, width: Double, height: Double, fill: Color, opacity: Double, role: String)
        /// An open polyline.
        case polyline(points: [(Double, Double)], stroke: Color, width: Double, role: String)
        /// A filled polygon.
        case polygon(points: [(Double, Double)], fill: Color, opacity: Double, role: String)
        /// A straight line.
        case line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: Color, width: Double, role: String)
        /// Text with its baseline-left (or centre, when `centered`) at (x, y); `size` is the glyph height in px.
        case text(x: Double, y: Double, string: String, size: Double, color: Color, centered: Bool, role: String)
    }

    var width: Int
    var height: Int
    var elements: [Element] = []

    /// The drawing as a standalone SVG document. Every element carries `class` = its role, so tools (and tests) can
    /// find the intensity envelope, the transients, and so on.
    func svg(title: String) -> String {
        func n(_ v: Double) -> String {
            let r = (v * 10).rounded() / 10
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        func points(_ list: [(Double, Double)]) -> String { list.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ") }
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="Helvetica, Arial, sans-serif">
            <title>\(escape(title))</title>
            <rect class="background" x="0" y="0" width="\(width)" height="\(height)" fill="#ffffff"/>

            """
        for element in elements {
            switch element {
            case .rect(let x, let y, let w, let h, let fill, let opacity, let role):
                out += "<rect class=\"\(role)\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"\(fill.hex)\" fill-opacity=\"\(n(opacity * 100) == "100" ? "1" : String((opacity * 100).rounded() / 100))\"/>\n"
            case .polyline(let list, let stroke, let w, let role):
                out += "<polyline class=\"\(role)\" points=\"\(points(list))\" fill=\"none\" stroke=\"\(stroke.hex)\" stroke-width=\"\(n(w))\" stroke-linejoin=\"round\"/>\n"
            case .polygon(let list, let fill, let opacity, let role):
                out += "<polygon class=\"\(role)\" points=\"\(points(list))\" fill=\"\(fill.hex)\" fill-opacity=\"\((opacity * 100).rounded() / 100)\"/>\n"
            case .line(let x1, let y1, let x2, let y2, let stroke, let w, let role):
                out += "<line class=\"\(role)\" x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke.hex)\" stroke-width=\"\(n(w))\"/>\n"
            case .text(let x, let y, let string, let size, let color, let centered, let role):
                out += "<text class=\"\(role)\" x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size * 1.4))\" fill=\"\(color.hex)\"\(centered ? " text-anchor=\"middle\"" : "")>\(escape(string))</text>\n"
            }
        }
        return out + "</svg>\n"
    }
}
