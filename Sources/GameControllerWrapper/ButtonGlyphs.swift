import Foundation
import HapticPlot
import HapticSystem

/// Button glyphs drawn here, in place of Apple's SF Symbols: a disc (or a ring, in template mode) with the input's
/// label in the project's embedded font, or a shape for a PlayStation face button and arrows for the d-pad, encoded
/// as PNG. Each glyph is drawn once and kept for the life of the process (the plug-in copies it; at most
/// 3 layouts × 28 inputs × 3 scales × 2 modes).
final class ButtonGlyphs: Sendable {
    /// A glyph's PNG bytes, kept allocated.
    struct Glyph: @unchecked Sendable {
        // @unchecked: the bytes are written once, before the glyph is shared, and never freed.
        let size: Int
        let bytes: UnsafeMutableBufferPointer<UInt8>
    }

    /// Whose labels: Xbox-style letters, PlayStation shapes, or the generic layout's letters.
    enum Layout: Hashable, Sendable {
        case xbox, playStation, generic
    }

    private let cache = LockedState([String: Glyph]())

    /// The process's glyphs.
    static let shared = ButtonGlyphs()

    /// The glyph of input `name` (Apple's `GCWControllerInputName`) at Apple's symbol scale (1 small, 2 medium,
    /// 3 large; others medium) in `template` (outline) or filled form; `nil` when zlib cannot be loaded.
    func glyph(name: Int32, layout: Layout, scale: Int32, template: Bool) -> Glyph? {
        let size = scale == 1 ? 32 : scale == 3 ? 64 : 48
        let key = "\(layout)/\(name)/\(size)/\(template)"
        if let known = cache.withLock({ $0[key] }) { return known }
        guard let png = try? Self.scene(name: name, layout: layout, size: size, template: template).png() else { return nil }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: png.count)
        _ = bytes.initialize(from: png)
        let glyph = Glyph(size: size, bytes: bytes)
        return cache.withLock { cache in
            if let raced = cache[key] {
                bytes.deallocate()
                return raced
            }
            cache[key] = glyph
            return glyph
        }
    }

    /// What is drawn inside the disc.
    private enum Mark {
        case label(String)
        case cross, circle, square, triangle, menu
        case arrows([Double])  // directions in degrees: 0 right, 90 up
    }

    private static func mark(_ name: Int32, _ layout: Layout) -> Mark {
        let playStation = layout == .playStation
        let xbox = layout == .xbox
        switch name {
        case 0: return .label("H")
        case 1: return .menu
        case 2: return .label("O")
        case 3: return playStation ? .cross : .label("A")
        case 4: return playStation ? .circle : .label("B")
        case 5: return playStation ? .triangle : .label("Y")
        case 6: return playStation ? .square : .label("X")
        case 7: return .label(xbox ? "RB" : "R1")
        case 8: return .label(xbox ? "RT" : "R2")
        case 9: return .label(xbox ? "LB" : "L1")
        case 10: return .label(xbox ? "LT" : "L2")
        case 11: return .arrows([0, 180])
        case 12: return .arrows([90, 270])
        case 13, 14: return .label("L")
        case 15: return .label(xbox ? "LS" : "L3")
        case 16, 17: return .label("R")
        case 18: return .label(xbox ? "RS" : "R3")
        case 19: return .label("T")
        case 20, 21: return .label("T1")
        case 22, 23: return .label("T2")
        case 24: return .arrows([180])
        case 25: return .arrows([0])
        case 26: return .arrows([90])
        default: return .arrows([270])
        }
    }

    /// The drawing: a disc of `size` pixels on white, and the input's mark.
    private static func scene(name: Int32, layout: Layout, size: Int, template: Bool) -> PlotScene {
        let ink = PlotColor(r: 30, g: 32, b: 38)
        let face = template ? PlotColor.white : ink
        let markColor = template ? ink : PlotColor.white
        let s = Double(size)
        let centre = s / 2
        var scene = PlotScene(width: size, height: size)
        let stroke = max(2, s / 16)
        scene.elements.append(
            .polygon(
                ring(centre, centre, s / 2 - stroke), fill: face, opacity: 1, stroke: ink, strokeWidth: stroke, role: "disc"))
        let r = s * 0.22
        /// A point at (dx, dy) radii from the centre, y up.
        func at(_ dx: Double, _ dy: Double) -> PlotPoint { PlotPoint(centre + dx * r, centre - dy * r) }
        func line(_ from: PlotPoint, _ to: PlotPoint) {
            scene.elements.append(.line(from, to, stroke: markColor, width: stroke, role: "mark"))
        }
        func outline(_ points: [PlotPoint]) { scene.elements.append(.polyline(points, stroke: markColor, width: stroke, role: "mark")) }
        switch mark(name, layout) {
        case .label(let text):
            let fontSize: Double = text.count > 1 ? s * 0.36 : s * 0.5
            let label = PlotScene.Text(
                x: centre, y: centre + fontSize * 0.36, string: text, size: fontSize, color: markColor, anchor: .middle, role: "label")
            scene.elements.append(.text(label))
        case .cross:
            line(at(-1, -1), at(1, 1))
            line(at(-1, 1), at(1, -1))
        case .circle:
            outline(ring(centre, centre, r, closed: true))
        case .square:
            outline([at(-1, -1), at(1, -1), at(1, 1), at(-1, 1), at(-1, -1)])
        case .triangle:
            let corners: [Double] = [90, 210, 330, 90]
            outline(corners.map { degrees in at(cos(degrees * .pi / 180), sin(degrees * .pi / 180)) })
        case .menu:
            for dy: Double in [-0.7, 0, 0.7] { line(at(-1, dy), at(1, dy)) }
        case .arrows(let directions):
            for degrees in directions {
                let angle = degrees * .pi / 180
                let (c, n) = (cos(angle), sin(angle))
                let tip = at(1.6 * c, 1.6 * n)
                let left = at(0.4 * c - 0.7 * n, 0.4 * n + 0.7 * c)
                let right = at(0.4 * c + 0.7 * n, 0.4 * n - 0.7 * c)
                scene.elements.append(.polygon([tip, left, right], fill: markColor, opacity: 1, role: "mark"))
            }
        }
        return scene
    }

    /// Points on a circle (a closed polyline repeats the first point).
    private static func ring(_ x: Double, _ y: Double, _ radius: Double, closed: Bool = false) -> [PlotPoint] {
        let count = 48
        return (0..<(closed ? count + 1 : count)).map { index in
            let a = Double(index) * 2 * .pi / Double(count)
            return PlotPoint(x + radius * cos(a), y + radius * sin(a))
        }
    }
}
