/// Adds texts to a scene only where they fit: inside the picture and clear of every text placed before.
///
/// The plot offers its labels in order of importance (title, legend, lane captions, axis ticks, scales, audio
/// names); a label that would touch an earlier one is tried in its shorter forms and otherwise left out, so labels
/// never collide at any picture size.
///
///     var placer = LabelPlacer(bounds: PlotRect(x: 0, y: 0, width: 600, height: 400))
///     placer.place(PlotScene.Text(x: 10, y: 20, string: "Intensity", size: 12, role: "lane-label"), in: &scene)
struct LabelPlacer {
    /// Where texts may go.
    let bounds: PlotRect
    /// The font that measures them.
    let font: PlotFont
    /// The boxes of the texts placed so far.
    private(set) var boxes: [PlotRect] = []

    init(bounds: PlotRect, font: PlotFont = .shared) {
        self.bounds = bounds
        self.font = font
    }

    /// Whether `text` would fit: inside ``bounds`` and apart (by `gap` pixels) from every placed text and from each of
    /// `avoiding`.
    func fits(_ text: PlotScene.Text, gap: Double = 1, avoiding: [PlotRect] = []) -> Bool {
        let box = text.box(in: font)
        guard bounds.contains(box) else { return false }
        let grown = box.insetBy(-gap)
        return !boxes.contains { $0.intersects(grown) } && !avoiding.contains { $0.intersects(box) }
    }

    /// Places `text` in `scene` if it fits; returns whether it did.
    @discardableResult
    mutating func place(_ text: PlotScene.Text, in scene: inout PlotScene, gap: Double = 1, avoiding: [PlotRect] = []) -> Bool {
        guard fits(text, gap: gap, avoiding: avoiding) else { return false }
        boxes.append(text.box(in: font))
        scene.elements.append(.text(text))
        return true
    }

    /// Places the first of `variants` (longest first) that fits, keeping the rest of `text`; returns the string
    /// placed.
    @discardableResult
    mutating func placeFirst(
        of variants: [String], as text: PlotScene.Text, in scene: inout PlotScene, gap: Double = 1, avoiding: [PlotRect] = []
    ) -> String? {
        for variant in variants where !variant.isEmpty {
            var candidate = text
            candidate.string = variant
            if place(candidate, in: &scene, gap: gap, avoiding: avoiding) { return variant }
        }
        return nil
    }

    /// Marks `box` as taken without drawing anything (for swatches and other non-text marks labels must avoid).
    mutating func reserve(_ box: PlotRect) {
        boxes.append(box)
    }
}
