/// A point in picture coordinates: pixels from the top-left corner, y down.
package struct PlotPoint: Sendable, Hashable {
    /// Pixels from the left edge.
    package var x: Double
    /// Pixels from the top edge.
    package var y: Double

    /// Creates a point.
    package init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in picture coordinates.
package struct PlotRect: Sendable, Hashable {
    /// Left edge.
    package var x: Double
    /// Top edge.
    package var y: Double
    /// Width (≥ 0).
    package var width: Double
    /// Height (≥ 0).
    package var height: Double

    /// Creates a rectangle.
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge.
    package var maxX: Double { x + width }
    /// Bottom edge.
    package var maxY: Double { y + height }

    /// Whether the two rectangles share any area (touching edges do not count).
    package func intersects(_ other: PlotRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether `other` lies wholly inside this rectangle.
    package func contains(_ other: PlotRect) -> Bool {
        other.x >= x && other.maxX <= maxX && other.y >= y && other.maxY <= maxY
    }

    /// The rectangle moved in by `amount` on every side (a negative amount grows it).
    package func insetBy(_ amount: Double) -> PlotRect {
        PlotRect(x: x + amount, y: y + amount, width: Swift.max(0, width - 2 * amount), height: Swift.max(0, height - 2 * amount))
    }
}
