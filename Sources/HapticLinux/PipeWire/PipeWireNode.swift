/// A node of the PipeWire graph as the registry announced it: a sink, a source, an application's stream.
///
///     // an application's playback stream, as `pw-cli ls Node` shows it
///     PipeWireNode(id: 41, serial: 42, name: "mygame", mediaClass: "Stream/Output/Audio", applicationName: "mygame")
package struct PipeWireNode: Sendable, Hashable {
    /// The global id (`pw-cli ls Node`'s `id`), reused by PipeWire after the node goes.
    package var id: UInt32
    /// `object.serial`: unique for the daemon's life (0 when the daemon does not give one; before 0.3.62).
    package var serial: UInt64
    /// `node.name`.
    package var name: String
    /// `node.description`, or "" when none.
    package var description: String
    /// `media.class`: `Audio/Sink`, `Stream/Output/Audio` (an application playing), ….
    package var mediaClass: String
    /// `application.name`, or "" when none.
    package var applicationName: String

    /// Creates a description.
    package init(
        id: UInt32, serial: UInt64 = 0, name: String, description: String = "", mediaClass: String, applicationName: String = ""
    ) {
        self.id = id
        self.serial = serial
        self.name = name
        self.description = description
        self.mediaClass = mediaClass
        self.applicationName = applicationName
    }

    /// The property marking the bridge's own nodes (for people reading `pw-dump`; the registry does not pass it on).
    package static let bridgeMarker = "haptic.bridge"

    /// Whether this is an application's audio playback stream (what sound-to-touch captures).
    package var isPlaybackStream: Bool { mediaClass == "Stream/Output/Audio" }

    /// What a capture stream's `target.object` names to link to this node: its serial when known, else its name.
    package var target: String { serial != 0 ? String(serial) : name }

    /// Whether `selector` names this node: its id or serial (digits), or, ignoring case, its application name or node
    /// name (the registry passes on no more: `application.process.binary` is not among a node's global properties).
    package func matches(_ selector: String) -> Bool {
        if let number = UInt64(selector) { return number == UInt64(id) || (serial != 0 && number == serial) }
        let wanted = selector.lowercased()
        return [applicationName, name].contains { !$0.isEmpty && $0.lowercased() == wanted }
    }

    /// How the node is shown: the application's name (or the node's) and its id.
    package var label: String {
        let shown = applicationName.isEmpty ? (description.isEmpty ? name : description) : applicationName
        return "\(shown) (node \(id))"
    }
}
