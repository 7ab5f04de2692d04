/// An sRGB colour of the plot, and the palette every lane uses (so SVG, PNG and the legend agree).
package struct PlotColor: Sendable, Hashable {
    /// Red, 0 … 255.
    package var r: UInt8
    /// Green, 0 … 255.
    package var g: UInt8
    /// Blue, 0 … 255.
    package var b: UInt8

    /// Creates a colour.
    package init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `#rrggbb`.
    package var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [r, g, b].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
    }

    package static let white = PlotColor(r: 255, g: 255, b: 255)
    package static let text = PlotColor(r: 40, g: 44, b: 52)
    package static let secondaryText = PlotColor(r: 98, g: 104, b: 116)
    package static let lane = PlotColor(r: 246, g: 247, b: 249)
    package static let grid = PlotColor(r: 222, g: 225, b: 231)
    package static let axis = PlotColor(r: 140, g: 146, b: 158)
    package static let continuous = PlotColor(r: 52, g: 120, b: 246)
    package static let transient = PlotColor(r: 236, g: 112, b: 20)
    package static let sharpness = PlotColor(r: 150, g: 70, b: 200)
    package static let audio = PlotColor(r: 34, g: 160, b: 100)
    package static let audioWaveform = PlotColor(r: 16, g: 110, b: 66)
    package static let audioTone = PlotColor(r: 120, g: 190, b: 60)
    package static let control = PlotColor(r: 214, g: 40, b: 96)
    package static let acceleration = PlotColor(r: 20, g: 150, b: 160)
}
