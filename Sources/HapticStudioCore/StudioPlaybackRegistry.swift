import HapticRender
import HapticSystem

/// The playback of every open page, so the server can silence all of them when it is told to quit (Ctrl-C) before
/// the process exits: WebSockets still open then would otherwise end with the process, mid-vibration.
package final class StudioPlaybackRegistry: Sendable {
    private let entries = LockedState<[ObjectIdentifier: StudioPlayback]>([:])

    /// Creates an empty registry.
    package init() {}

    /// Adds a page's playback.
    package func add(_ playback: StudioPlayback) {
        entries.withLock { $0[ObjectIdentifier(playback)] = playback }
    }

    /// Removes a page's playback.
    package func remove(_ playback: StudioPlayback) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(playback)) }
    }

    /// Stops every page's playback and closes their outputs, before returning.
    package func shutDownAll() {
        let all = entries.withLock { Array($0.values) }
        for playback in all { playback.shutDown() }
    }

    /// How many pages are connected.
    package var count: Int { entries.withLock { $0.count } }
}
