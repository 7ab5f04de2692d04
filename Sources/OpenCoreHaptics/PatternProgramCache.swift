import HapticDevices
import HapticRender
import HapticSystem

/// The compiled program of a ``CHHapticPattern``, kept on the pattern so that making a player costs a lookup.
///
/// Patterns without custom audio compile the same for every engine (key `nil`); patterns that play registered or
/// file audio are compiled per engine and audio-registration revision.
package final class PatternProgramCache: Sendable {
    /// Which engine state a program was compiled for.
    package struct Key: Sendable, Hashable {
        package var engine: Int
        package var revision: Int
    }

    private let entry = LockedState<(key: Key?, program: PatternProgram)?>(nil)

    package init() {}

    /// The program compiled for `key`, if it is the one cached.
    package func program(for key: Key?) -> PatternProgram? {
        entry.withLock { cached in
            guard let cached, cached.key == key else { return nil }
            return cached.program
        }
    }

    /// Remembers `program` for `key` (replacing another key's program).
    package func store(_ program: PatternProgram, for key: Key?) {
        entry.withLock { $0 = (key, program) }
    }
}
