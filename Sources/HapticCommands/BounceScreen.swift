/// One frame of `haptic bounce` as terminal text: a title line, the box drawn with box-drawing characters and the ball
/// as `O` (the title shows where gravity points), and a status line with the collision count and the last impact.
///
///     haptic bounce  gravity ↓  ←↑↓→ tilt gravity  q quits
///     ┌──────────────────────────────┐
///     │                              │
///     │        O                     │
///     └──────────────────────────────┘
///     collisions: 3  last impact: intensity 0.84  sharpness 0.60  (3.70 m/s)
internal struct BounceScreen {
    /// Terminal columns.
    internal var columns: Int
    /// Terminal rows.
    internal var rows: Int

    /// A screen for a terminal of the given size (at least 20 × 8 is used).
    internal init(columns: Int, rows: Int) {
        self.columns = Swift.max(columns, 20)
        self.rows = Swift.max(rows, 8)
    }

    /// The frame's lines, each shorter than the terminal is wide.
    internal func lines(world: BounceWorld, collisions: Int, last: (impact: BounceHaptics.Impact, speed: Double)?) -> [String] {
        let width = columns - 1  // never write the last column: some terminals wrap there
        let inner = (columns: width - 2, rows: rows - 4)
        var grid = Array(repeating: Array(repeating: Character(" "), count: inner.columns), count: inner.rows)
        let column = Int((world.position.x / BounceWorld.width * Double(inner.columns - 1)).rounded())
        let row = Int(((1 - world.position.y / BounceWorld.height) * Double(inner.rows - 1)).rounded())
        grid[Swift.min(Swift.max(row, 0), inner.rows - 1)][Swift.min(Swift.max(column, 0), inner.columns - 1)] = "O"

        var lines = [String("haptic bounce  gravity \(Self.arrow(world.gravity))  ←↑↓→ tilt gravity  q quits".prefix(width))]
        lines.append("┌" + String(repeating: "─", count: inner.columns) + "┐")
        for cells in grid { lines.append("│" + String(cells) + "│") }
        lines.append("└" + String(repeating: "─", count: inner.columns) + "┘")
        var status = "collisions: \(collisions)"
        if let last {
            status +=
                "  last impact: intensity \(Self.fixed(last.impact.intensity))  sharpness \(Self.fixed(last.impact.sharpness))"
                + "  (\(Self.fixed(Float(last.speed))) m/s)"
        }
        lines.append(String(status.prefix(width)))
        return lines
    }

    /// The frame as one write: cursor home, each line cleared to its end.
    internal func text(world: BounceWorld, collisions: Int, last: (impact: BounceHaptics.Impact, speed: Double)?) -> String {
        "\u{1B}[H" + lines(world: world, collisions: collisions, last: last).map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
    }

    /// `0.84`.
    internal static func fixed(_ value: Float) -> String {
        let hundredths = Int((Swift.max(value, 0) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func arrow(_ gravity: BounceWorld.Vector) -> String {
        if abs(gravity.x) > abs(gravity.y) { return gravity.x < 0 ? "←" : "→" }
        return gravity.y < 0 ? "↓" : "↑"
    }
}
