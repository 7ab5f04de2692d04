import OpenCoreHaptics

/// Every output the page may choose, gathered from the sources in order, and the only IDs the server accepts back:
/// an ID the page makes up (a `wav:` path outside the folder, say) is refused.
package struct StudioOutputs: Sendable {
    /// Where outputs come from, first source first.
    package var sources: [any StudioOutputSource]

    /// Creates the catalog.
    package init(sources: [any StudioOutputSource]) {
        self.sources = sources
    }

    /// The outputs of every source, without repeated IDs; the first is the one the studio starts with.
    package func list() -> [StudioOutput] {
        var seen: Set<String> = []
        return sources.flatMap { $0.outputs() }.filter { seen.insert($0.id).inserted }
    }

    /// A new, unstarted engine for `id`, which must be one of ``list()``'s.
    ///
    /// - Throws: ``StudioError`` for an unknown ID, or when its source cannot make the engine.
    package func makeEngine(for id: String, among known: [StudioOutput]) throws(StudioError) -> CHHapticEngine {
        guard known.contains(where: { $0.id == id }) else { throw StudioError("unknown output '\(id)'; choose one from the list") }
        for source in sources {
            if let engine = try source.makeEngine(for: id) { return engine }
        }
        throw StudioError("no source can open the output '\(id)'")
    }
}
