/// Anti-aliased coverage of filled shapes in a window of the picture: how much of each pixel the shapes cover,
/// 0 … 1.
///
/// Each closed contour adds its edges' signed area to a per-row accumulation buffer (an edge going down adds, one
/// going up subtracts, split exactly at pixel boundaries); a running sum along each row then gives the winding
/// area per pixel, clamped to 0 … 1. Shapes whose contours do not overlap with opposite windings (glyphs,
/// rectangles, the envelope areas) come out exact; overlapping same-direction contours add up and clamp, which
/// suits strokes built from pieces.
///
///     var mask = CoverageMask(window: PlotRect(x: 0, y: 0, width: 10, height: 10), clip: (10, 10))
///     mask.add([PlotPoint(1, 1), PlotPoint(4.5, 1), PlotPoint(4.5, 3), PlotPoint(1, 3)])
///     mask.resolve()
///     mask[4, 2]   // 0.5
struct CoverageMask {
    /// The window's left column in the picture.
    let originX: Int
    /// The window's top row in the picture.
    let originY: Int
    /// Columns.
    let width: Int
    /// Rows.
    let height: Int
    /// Per row, `width + 2` accumulation cells; after ``resolve()``, the coverage of the first `width`.
    private var cells: [Float]

    /// A mask over `window` (rounded out to whole pixels) cut to the picture's `clip` size; empty when they do not
    /// meet.
    init(window: PlotRect, clip: (width: Int, height: Int)) {
        let x0 = Swift.max(0, Int(window.x.rounded(.down)))
        let y0 = Swift.max(0, Int(window.y.rounded(.down)))
        let x1 = Swift.min(clip.width, Int(window.maxX.rounded(.up)))
        let y1 = Swift.min(clip.height, Int(window.maxY.rounded(.up)))
        originX = x0
        originY = y0
        width = Swift.max(0, x1 - x0)
        height = Swift.max(0, y1 - y0)
        cells = [Float](repeating: 0, count: width > 0 && height > 0 ? (width + 2) * height : 0)
    }

    /// Whether the mask covers no pixel at all.
    var isEmpty: Bool { width == 0 || height == 0 }

    /// Adds a closed contour (the last point joins the first).
    mutating func add(_ contour: [PlotPoint]) {
        guard !isEmpty, contour.count > 2 else { return }
        var previous = contour[contour.count - 1]
        for point in contour {
            edge(from: previous, to: point)
            previous = point
        }
    }

    /// Adds one edge's signed area, in window coordinates, row by row and column by column.
    private mutating func edge(from a: PlotPoint, to b: PlotPoint) {
        let ax = a.x - Double(originX)
        let ay = a.y - Double(originY)
        let bx = b.x - Double(originX)
        let by = b.y - Double(originY)
        guard ay != by, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return }
        let direction: Double = by > ay ? 1 : -1
        let (top, bottom) = by > ay ? ((ax, ay), (bx, by)) : ((bx, by), (ax, ay))
        let slope = (bottom.0 - top.0) / (bottom.1 - top.1)  // x per row
        let firstRow = Swift.max(0, Int(top.1.rounded(.down)))
        let lastRow = Swift.min(height - 1, Int(bottom.1.rounded(.up)) - 1)
        guard firstRow <= lastRow else { return }
        let limit = Double(width)
        for row in firstRow...lastRow {
            let y0 = Swift.max(top.1, Double(row))
            let y1 = Swift.min(bottom.1, Double(row + 1))
            guard y1 > y0 else { continue }
            // Area left of the picture still counts for the pixels to its right: clamp x into the window.
            let x0 = Swift.min(Swift.max(top.0 + (y0 - top.1) * slope, 0), limit)
            let x1 = Swift.min(Swift.max(top.0 + (y1 - top.1) * slope, 0), limit)
            let base = row * (width + 2)
            let dy = (y1 - y0) * direction
            let left = Swift.min(x0, x1)
            let right = Swift.max(x0, x1)
            var column = Int(left.rounded(.down))
            if right - left < 1e-9 || Double(column + 1) >= right {
                deposit(base, column, dy, (left + right) / 2 - Double(column))
                continue
            }
            // Split the piece at column boundaries; each part holds its share of the row's height.
            let perX = dy / (right - left)
            var x = left
            while x < right {
                let next = Swift.min(Double(column + 1), right)
                deposit(base, column, perX * (next - x), (x + next) / 2 - Double(column))
                x = next
                column += 1
            }
        }
    }

    /// Area `dy` crossing `column` at mean offset `fraction` covers `1 − fraction` of that pixel and all of the
    /// pixels to its right.
    private mutating func deposit(_ base: Int, _ column: Int, _ dy: Double, _ fraction: Double) {
        let c = Swift.min(Swift.max(column, 0), width)
        let f = Swift.min(Swift.max(fraction, 0), 1)
        cells[base + c] += Float(dy * (1 - f))
        cells[base + c + 1] += Float(dy * f)
    }

    /// Turns the accumulated areas into coverage (call once, after the last ``add(_:)``).
    mutating func resolve() {
        guard !isEmpty else { return }
        for row in 0..<height {
            let base = row * (width + 2)
            var sum: Float = 0
            for column in 0..<width {
                sum += cells[base + column]
                cells[base + column] = Swift.min(abs(sum), 1)
            }
        }
    }

    /// The coverage of the pixel at (`column`, `row`) of the window, after ``resolve()``.
    subscript(column: Int, row: Int) -> Float {
        get { cells[row * (width + 2) + column] }
        set { cells[row * (width + 2) + column] = newValue }
    }
}
