import ArgumentParser
import Dispatch
import Foundation
import HapticRender
import HapticStudio
import HapticSystem
import Synchronization

/// `haptic studio`: a local web page to design patterns on a timeline and feel them on the device while editing.
internal struct StudioCommand: ParsableCommand {
    internal static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Design patterns in the browser and feel them on the device as you edit.",
        discussion: """
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
    )

    @Argument(help: "The folder to work in ('.' is the current folder).") internal var folder: String = "."
    @Option(help: "The port on 127.0.0.1 (0 picks a free one).") internal var port: Int = 0
    @Option(help: "The output to start with: evdev:/dev/input/eventN, alsa:<pcm>, simulated[:profile], wav:<path> or null.")
    internal var device: String?

    internal func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 … 65535 (0 picks a free port)") }
        try OutputDevice.validate(device)
    }

    internal func run() throws {
        if let device {
            // The same check `play` makes, so a typo fails here rather than at the first play in the page.
            _ = try OutputDevice.select(id: device, meter: .off)
        }
        // Each connection takes a descriptor: the soft limit (often 1 024) goes up to the hard one.
        DescriptorLimit.raiseToHardLimit()
        let server: StudioServer
        do {
            server = try StudioServer(configuration: StudioServer.Configuration(folder: folder, port: port, deviceID: device))
        } catch {
            printError("haptic: error: \(error.message)")
            throw ExitCode(1)
        }
        let failure = LockedState<String?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let task = Task {
            do {
                try await server.run { url in
                    print(url)
                    fflush(nil)
                    printError("haptic studio: serving \(terminalSafe(server.folder.root.path)); open the URL above. Ctrl-C stops.")
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            finished.signal()
        }
        let interrupted = Atomic<Int32>(0)
        let interrupt = InterruptSignal { signal in
            interrupted.store(signal, ordering: .releasing)
            // Silence every page's output before anything else: the process is about to end.
            server.playbacks.shutDownAll()
            task.cancel()
            finished.signal()
        }
        defer { interrupt.cancel() }
        finished.wait()
        let signal = interrupted.load(ordering: .acquiring)
        if signal != 0 {
            printError("haptic studio: stopped; output silent")
            throw ExitCode(128 + signal)
        }
        if let message = failure.withLock({ $0 }) {
            printError("haptic: error: the studio's server stopped: \(message)")
            throw ExitCode(1)
        }
    }
}
