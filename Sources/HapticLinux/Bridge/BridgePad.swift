#if os(Linux)
import HapticDevices
import HapticSystem

/// A pad the bridge may play: its description and how to open its device.
///
///     let pads = BridgePad.discovered(environment: ProcessEnvironment.current)   // real pads, then HAPTIC_CONTROLLERS
///     let test = BridgePad.reportPipe(path: "/tmp/pad.fifo")                       // a Bluetooth DualSense on a FIFO
package struct BridgePad: Sendable {
    /// The controller.
    package var info: ControllerInfo
    /// Opens its device (evdev, the Bluetooth coils, ALSA, a simulation).
    package var makeDevice: @Sendable () throws(DeviceError) -> any HapticDevice
    /// Whether, once lost, the pad must not be opened again (a test FIFO whose reader went away).
    package var isSingleUse = false

    /// A pad described by `info`, opened by `makeDevice`.
    package init(
        info: ControllerInfo, isSingleUse: Bool = false, makeDevice: @escaping @Sendable () throws(DeviceError) -> any HapticDevice
    ) {
        self.info = info
        self.isSingleUse = isSingleUse
        self.makeDevice = makeDevice
    }

    /// Whether the pad is a DualSense on Bluetooth whose voice coils play (through its hidraw node, or simulated).
    package var isBluetoothDualSense: Bool {
        info.category == .dualSense && info.busType == 5 && info.actuators.contains(.voiceCoils)
    }

    /// The controllers `ControllerDiscovery` finds (evdev pads, then `HAPTIC_CONTROLLERS`' simulated ones), each opened
    /// as `ControllerDiscovery.makeDevice(for:)` opens it; with `controllersFile`, its lines replace
    /// `HAPTIC_CONTROLLERS` (one item a line, `#` comments: pads come and go as lines do).
    package static func discovered(environment: [String: String], controllersFile: String? = nil) -> (pads: [BridgePad], problems: [String])
    {
        var environment = environment
        var problems: [String] = []
        if let controllersFile {
            switch readControllersFile(controllersFile) {
            case .success(let list): environment[ControllerDiscovery.simulatedVariable] = list
            case .failure(let problem):
                problems.append(problem.text)
                environment[ControllerDiscovery.simulatedVariable] = nil
            }
        }
        let report = ControllerDiscovery.controllers(environment: environment)
        let pads = report.controllers.map { info in
            BridgePad(info: info) { () throws(DeviceError) -> any HapticDevice in try ControllerDiscovery.makeDevice(for: info) }
        }
        return (pads, problems + report.problems)
    }

    /// The items of a controllers file, comma-joined for `HAPTIC_CONTROLLERS`.
    static func readControllersFile(_ path: String) -> Result<String, FileProblem> {
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try Posix.open(path, O_RDONLY | O_CLOEXEC)
        } catch {
            return .failure(FileProblem(text: "controllers file \(path): \(Posix.describe(errno: error.errno))"))
        }
        defer { try? Posix.close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while bytes.count <= 65_536 {
            guard let count = chunk.withUnsafeMutableBytes({ try? Posix.read(descriptor, into: $0) }), count > 0 else { break }
            bytes += chunk[0..<count]
        }
        guard bytes.count <= 65_536 else { return .failure(FileProblem(text: "controllers file \(path): over 64 KiB")) }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { line in
            line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
        return .success(lines.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }.joined(separator: ","))
    }

    /// Why a controllers file could not be read.
    struct FileProblem: Error {
        var text: String
    }

    /// A Bluetooth DualSense whose `0x32` coil reports go to the FIFO or file at `path` instead of a hidraw node: what
    /// reaches a real pad, for a recorder in another process to read and time (`haptic bridge --pad-pipe`, the CI
    /// gate). The real ``HidrawCoilDevice`` writes them; only the node's open and its identity check differ. The pad
    /// is lost when the reader closes the FIFO (`EPIPE`), and is not opened again.
    package static func reportPipe(path: String, number: Int = 1) -> BridgePad {
        let name = "DualSense Wireless Controller (reports to \(path))"
        let info = ControllerInfo(
            id: "pipe:\(path)", name: name, category: .dualSense, vendorID: 0x054C, productID: 0x0CE6, busType: 5,
            actuators: [.twoHandles, .voiceCoils], hapticDeviceID: ControllerDiscovery.bluetoothCoilsPrefix + path)
        return BridgePad(info: info, isSingleUse: true) { () throws(DeviceError) -> any HapticDevice in
            let node = HidrawNode(
                path: path,
                openNode: { (path) throws(SystemCallError) in
                    // Non-blocking, so a FIFO without a reader fails (ENXIO) instead of hanging; then blocking writes.
                    let descriptor = try Posix.open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
                    if let flags = try? Posix.fcntl(descriptor, F_GETFL) { _ = try? Posix.fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
                    return descriptor
                },
                identify: { _ in (vendor: 0x054C, product: 0x0CE6) })
            return HidrawCoilDevice(node: node, name: name)
        }
    }
}
#endif
