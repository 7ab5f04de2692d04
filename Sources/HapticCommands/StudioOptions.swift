import ArgumentParser

/// What `haptic studio` takes, and the studio server (`haptic-studio`) takes the same: `haptic studio` checks them,
/// then hands them on to the server (``StudioCommand``).
package struct StudioOptions: ParsableArguments {
    /// The discussion of both commands' help.
    package static let discussion = """
        Serves a page on 127.0.0.1 only and prints its URL as the first line on standard output, with a fresh \
        random token: open it in a browser on this machine. Requests without the token are refused, and the \
        page's WebSocket is refused from any other origin. The page lists the folder's patterns (.ahap, .json, \
        .plist, .haptic) and audio (.wav); edits them on a timeline (transients, continuous and audio events, \
        intensity and sharpness after curves, the simulated acceleration); shows validation and lint findings; \
        plays, loops or plays a selection on the chosen output through the real engine (an edit while looping \
        is felt on the next pass); saves strict AHAP (a temporary file, then a rename); and exports .haptic, \
        Android, Web and gamepad files with the converter's notes. Reads and writes stay inside the folder. \
        --device takes the forms `haptic play` takes (evdev:/dev/input/eventN, alsa:<pcm>, simulated[:profile], \
        wav:<path>, null); the page can switch among the outputs found. The server stays responsive and bounded: \
        analysis and playing run on threads of their own (60 s and 100 000 events per request at most), at most 64 \
        connections are served (a request head must arrive within 10 s), and a page that stops reading its \
        replies is paused, then closed after 20 s. Ctrl-C stops playback, silences the output and exits with 130.
        """

    /// The folder to work in.
    @Argument(help: "The folder to work in ('.' is the current folder).") package var folder: String = "."
    /// The port on 127.0.0.1; 0 picks a free one.
    @Option(help: "The port on 127.0.0.1 (0 picks a free one).") package var port: Int = 0
    /// The output to start with, in `HAPTIC_DEVICE`'s forms.
    @Option(help: "The output to start with: evdev:/dev/input/eventN, alsa:<pcm>, simulated[:profile], wav:<path> or null.")
    package var device: String?

    /// Options with their defaults (ArgumentParser fills them in).
    package init() {}

    /// Checks the port's range and the device string's form.
    package func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 … 65535 (0 picks a free port)") }
        try OutputDevice.validate(device)
    }

    /// The command line that gives these options again, for the studio server: the folder after `--`, so a folder
    /// named like an option stays a folder.
    package var arguments: [String] {
        ["--port", String(port)] + (device.map { ["--device", $0] } ?? []) + ["--", folder]
    }
}
