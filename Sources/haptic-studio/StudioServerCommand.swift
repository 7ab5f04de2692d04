import ArgumentParser
import Dispatch
import Foundation
import HapticCommands
import HapticStudio
import HapticSystem
import Synchronization

/// `haptic-studio`: the studio's server, which `haptic studio` runs (with the same options).
struct StudioServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "haptic-studio",
        abstract: "Design patterns in the browser and feel them on the device as you edit (the server of `haptic studio`).",
        discussion: StudioOptions.discussion,
        version: "haptic-studio \(Haptic.version) (OpenCoreHaptics)"
    )

    @OptionGroup var options: StudioOptions

    func run() throws {
        if let device = options.device {
            // The same check `play` makes, so a typo fails here rather than at the first play in the page.
            _ = try OutputDevice.select(id: device, meter: .off)
        }
        // Each connection takes a descriptor: the soft limit (often 1 024) goes up to the hard one.
        DescriptorLimit.raiseToHardLimit()
        let server: StudioServer
        do {
            server = try StudioServer(
                configuration: StudioServer.Configuration(folder: options.folder, port: options.port, deviceID: options.device))
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
