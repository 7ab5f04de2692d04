/// A drawing in pixel coordinates that is written as SVG (``svg(title:)``) or rasterized to PNG
/// (``PlotRasterizer``), so both outputs of `haptic plot` show exactly the same thing.
///
/// Every element carries a `role` (written as the SVG `class`), so tools and tests can find the intensity envelope,
/// the transients, the legend, and so on.
package struct PlotScene: Sendable {
    /// Where a text's `x` is: its start, middle or end.
    package enum Anchor: String, Sendable {
        case start, middle, end
    }

    /// One line of text; `y` is the baseline and `size` the font size (em) in pixels.
    package struct Text: Sendable {
        package var x: Double
        package var y: Double
        package var string: String
        package var size: Double
        package var color: PlotColor
        package var anchor: Anchor
        package var role: String

        /// Creates a text.
        package init(x: Double, y: Double, string: String, size: Double, color: PlotColor = .text, anchor: Anchor = .start, role: String) {
            self.x = x
            self.y = y
            self.string = string
            self.size = size
            self.color = color
            self.anchor = anchor
            self.role = role
        }

        /// The box the text's glyphs can occupy in `font`: its advance width, from the ascender to the descender.
        package func box(in font: PlotFont = .shared) -> PlotRect {
            let width = font.width(of: string, size: size)
            let left = anchor == .start ? x : anchor == .middle ? x - width / 2 : x - width
            return PlotRect(x: left, y: y - font.ascender * size, width: width, height: (font.ascender + font.descender) * size)
        }
    }

    /// One drawing element.
    package enum Element: Sendable {
        /// A filled rectangle (`opacity` 0 … 1), with an optional tooltip (SVG `<title>`).
        case rect(PlotRect, fill: PlotColor, opacity: Double, role: String, tooltip: String? = nil)
        /// A straight line.
        case line(PlotPoint, PlotPoint, stroke: PlotColor, width: Double, role: String)
        /// An open polyline.
        case polyline([PlotPoint], stroke: PlotColor, width: Double, role: String)
        /// A filled polygon, optionally outlined.
        case polygon(
            [PlotPoint], fill: PlotColor, opacity: Double, stroke: PlotColor? = nil, strokeWidth: Double = 1, role: String,
            tooltip: String? = nil)
        /// Text.
        case text(Text)
    }

    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// The elements, painted in order.
    package var elements: [Element] = []

    /// Creates an empty scene.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The texts of the scene, in painting order.
    package var texts: [Text] {
        elements.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
    }

    /// The role of every element, in painting order.
    package var roles: [String] {
        elements.map { element in
            switch element {
            case .rect(_, _, _, let role, _), .line(_, _, _, _, let role), .polyline(_, _, _, let role),
                .polygon(_, _, _, _, _, let role, _):
                return role
            case .text(let text): return text.role
            }
        }
    }
}
