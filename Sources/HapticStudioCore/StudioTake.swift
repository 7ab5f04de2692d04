import HapticLoading
import HapticPattern
import OpenCoreHaptics

/// What the page asked to play: a checked pattern (its custom audio already decoded, confined to its folder), and
/// whether to loop it or only a selection of it.
package struct StudioTake: Sendable {
    /// What the loader made of the page's AHAP.
    package var loaded: LoadedPattern
    /// Whether to play it again and again until stopped.
    package var loops: Bool
    /// The part to play (pattern seconds), or `nil` for all of it.
    package var selection: ClosedRange<Double>?

    /// Creates a take.
    package init(loaded: LoadedPattern, loops: Bool, selection: ClosedRange<Double>?) {
        self.loaded = loaded
        self.loops = loops
        self.selection = selection
    }

    /// Where each pass starts in the pattern.
    package var offset: Double { selection?.lowerBound ?? 0 }

    /// How long one pass lasts: the selection, or the whole pattern with its audio and release tails (at least
    /// 50 ms, so an empty pattern does not loop in a tight circle).
    package var passDuration: Double {
        let length = selection.map { $0.upperBound - $0.lowerBound } ?? loaded.duration
        return Swift.max(length, 0.05)
    }

    /// A new `CHHapticPattern` for a player (waveforms confined to the pattern's folder, audio as decoded).
    package func makePattern() -> CHHapticPattern {
        CHHapticPattern(pattern: loaded.pattern, loadedFrom: loaded)
    }
}
