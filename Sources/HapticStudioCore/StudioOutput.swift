/// One output the page offers in its output menu: what the server sends (`id` + `label`), and the actuator profile
/// its timeline's acceleration lane is simulated with.
///
/// IDs are the device IDs `--device` takes (`simulated:generic-lra`, `evdev:/dev/input/event5`, `alsa:hw:1`,
/// `wav:rec.wav`, `null`); other sources (game controllers and their localities) add their own.
package struct StudioOutput: Sendable, Hashable, Encodable {
    /// The ID the page sends back to choose it.
    package var id: String
    /// What the menu shows.
    package var label: String
    /// A coarse kind for grouping in the menu: `hardware`, `simulated`, `file`, `null` (a controller source would add
    /// `controller`).
    package var kind: String
    /// The actuator profile's name (for the acceleration lane).
    package var profile: String

    /// Creates an entry.
    package init(id: String, label: String, kind: String, profile: String) {
        self.id = id
        self.label = label
        self.kind = kind
        self.profile = profile
    }
}
