/// Paints a ``PlotScene`` into 8-bit RGB pixels with anti-aliasing: every element becomes filled contours (strokes
/// are outlined first, text comes from ``PlotFont``), its coverage is computed by ``CoverageMask`` and blended over
/// what is already painted.
///
///     let rgb = PlotRasterizer.render(scene)   // width × height × 3 bytes, row by row
struct PlotRasterizer {
    let width: Int
    let height: Int
    private(set) var rgb: [UInt8]
    private let font: PlotFont

    /// A white picture of `width` × `height`.
    init(width: Int, height: Int, font: PlotFont = .shared) {
        self.width = width
        self.height = height
        self.font = font
        rgb = [UInt8](repeating: 255, count: width * height * 3)
    }

    /// Renders `scene` on white and returns its pixels.
    static func render(_ scene: PlotScene, font: PlotFont = .shared) -> [UInt8] {
        var raster = PlotRasterizer(width: scene.width, height: scene.height, font: font)
        for element in scene.elements { raster.draw(element) }
        return raster.rgb
    }

    /// Paints one element.
    mutating func draw(_ element: PlotScene.Element) {
        switch element {
        case .rect(let r, let fill, let opacity, _, _):
            self.fill(
                [[PlotPoint(r.x, r.y), PlotPoint(r.maxX, r.y), PlotPoint(r.maxX, r.maxY), PlotPoint(r.x, r.maxY)]], color: fill,
                opacity: opacity)
        case .line(let a, let b, let stroke, let w, _):
            let (p, q) = Self.crisp(a, b, width: w)
            strokePieces([[p, q]], color: stroke, width: w, closed: false)
        case .polyline(let points, let stroke, let w, _):
            strokePieces([points], color: stroke, width: w, closed: false)
        case .polygon(let points, let fill, let opacity, let stroke, let strokeWidth, _, _):
            self.fill([points], color: fill, opacity: opacity)
            if let stroke { strokePieces([points], color: stroke, width: strokeWidth, closed: true) }
        case .text(let text):
            let box = text.box(in: font)
            self.fill(font.contours(of: text.string, size: text.size, x: box.x, baseline: text.y), color: text.color, opacity: 1)
        }
    }

    /// Fills `contours` together (one coverage mask) with `color` at `opacity`.
    private mutating func fill(_ contours: [[PlotPoint]], color: PlotColor, opacity: Double) {
        guard let bounds = Self.bounds(of: contours) else { return }
        var mask = CoverageMask(window: bounds, clip: (width, height))
        guard !mask.isEmpty else { return }
        for contour in contours { mask.add(contour) }
        mask.resolve()
        blend(mask, color: color, opacity: opacity)
    }

    /// Strokes lines with a pen of `width` pixels: each segment is a rectangle with square ends, and the pieces are
    /// joined by taking the largest coverage of any piece per pixel (so joins are neither gapped nor doubled).
    private mutating func strokePieces(_ lines: [[PlotPoint]], color: PlotColor, width w: Double, closed: Bool) {
        let half = Swift.max(w, 0.5) / 2
        guard let bounds = Self.bounds(of: lines) else { return }
        var union = CoverageMask(window: bounds.insetBy(-half - 1), clip: (width, height))
        guard !union.isEmpty else { return }
        for line in lines where line.count >= 2 {
            let count = closed ? line.count : line.count - 1
            for i in 0..<count {
                let a = line[i]
                let b = line[(i + 1) % line.count]
                let dx = b.x - a.x
                let dy = b.y - a.y
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 1e-9 else { continue }
                // Unit direction (ux, uy) and normal (-uy, ux), ends extended by half the pen.
                let ux = dx / length * half
                let uy = dy / length * half
                let piece = [
                    PlotPoint(a.x - ux - uy, a.y - uy + ux), PlotPoint(b.x + ux - uy, b.y + uy + ux),
                    PlotPoint(b.x + ux + uy, b.y + uy - ux), PlotPoint(a.x - ux + uy, a.y - uy - ux),
                ]
                guard let pieceBounds = Self.bounds(of: [piece]) else { continue }
                var mask = CoverageMask(window: pieceBounds, clip: (width, height))
                guard !mask.isEmpty else { continue }
                mask.add(piece)
                mask.resolve()
                for row in 0..<mask.height {
                    for column in 0..<mask.width {
                        let value = mask[column, row]
                        guard value > 0 else { continue }
                        let u = mask.originX + column - union.originX
                        let v = mask.originY + row - union.originY
                        guard u >= 0, v >= 0, u < union.width, v < union.height else { continue }
                        union[u, v] = Swift.max(union[u, v], value)
                    }
                }
            }
        }
        blend(union, color: color, opacity: 1)
    }

    /// Blends `color` over the picture where `mask` covers it.
    private mutating func blend(_ mask: CoverageMask, color: PlotColor, opacity: Double) {
        let alpha = Float(Swift.min(Swift.max(opacity, 0), 1))
        let r = Float(color.r)
        let g = Float(color.g)
        let b = Float(color.b)
        for row in 0..<mask.height {
            var index = ((mask.originY + row) * width + mask.originX) * 3
            for column in 0..<mask.width {
                let a = mask[column, row] * alpha
                if a > 0.002 {
                    rgb[index] = UInt8((Float(rgb[index]) + (r - Float(rgb[index])) * a).rounded())
                    rgb[index + 1] = UInt8((Float(rgb[index + 1]) + (g - Float(rgb[index + 1])) * a).rounded())
                    rgb[index + 2] = UInt8((Float(rgb[index + 2]) + (b - Float(rgb[index + 2])) * a).rounded())
                }
                index += 3
            }
        }
    }

    /// Horizontal and vertical lines of odd whole-pixel width sit on pixel centres, so a 1-pixel grid line is one
    /// sharp pixel wide rather than two half-grey ones.
    static func crisp(_ a: PlotPoint, _ b: PlotPoint, width: Double) -> (PlotPoint, PlotPoint) {
        let pen = width.rounded()
        guard abs(pen - width) < 1e-9, Int(pen) % 2 == 1 else { return (a, b) }
        func centre(_ v: Double) -> Double { v.rounded(.down) + 0.5 }
        if a.x == b.x { return (PlotPoint(centre(a.x), a.y), PlotPoint(centre(b.x), b.y)) }
        if a.y == b.y { return (PlotPoint(a.x, centre(a.y)), PlotPoint(b.x, centre(b.y))) }
        return (a, b)
    }

    /// The bounding box of the points, or `nil` for none.
    static func bounds(of contours: [[PlotPoint]]) -> PlotRect? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for contour in contours {
            for p in contour where p.x.isFinite && p.y.isFinite {
                minX = Swift.min(minX, p.x)
                minY = Swift.min(minY, p.y)
                maxX = Swift.max(maxX, p.x)
                maxY = Swift.max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return nil }
        return PlotRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
