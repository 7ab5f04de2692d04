#if os(Linux)
import Foundation
import HapticSystem
import HapticTestSupport
import Testing

@testable import HapticDevices
@testable import HapticLinux

/// The hidraw back-end of a DualSense's adaptive triggers: finding the node beside the evdev node in sysfs, writing
/// USB and Bluetooth reports to it, and what happens when it is not writable.
struct HidrawTriggerTests {
    /// A fake sysfs tree: `event<n>`'s device is the input device under the HID device `hid`, which has `hidraw<m>`.
    private func sysfs(_ pads: [(event: Int, hid: String?, hidraw: Int?)]) throws -> URL {
        let root = try Fixtures.temporaryDirectory()
        let files = FileManager.default
        for pad in pads {
            let parent = pad.hid.map { "devices/pci0000:00/usb1/1-2/1-2:1.3/\($0)" } ?? "devices/virtual"
            let input = root.appendingPathComponent("\(parent)/input/input\(pad.event + 10)")
            try files.createDirectory(at: input, withIntermediateDirectories: true)
            if let hidraw = pad.hidraw {
                try files.createDirectory(
                    at: root.appendingPathComponent("\(parent)/hidraw/hidraw\(hidraw)"), withIntermediateDirectories: true)
            }
            let link = root.appendingPathComponent("class/input/event\(pad.event)")
            try files.createDirectory(at: link, withIntermediateDirectories: true)
            try files.createSymbolicLink(atPath: link.appendingPathComponent("device").path, withDestinationPath: input.path)
        }
        return root
    }

    @Test func theHidrawNodeIsFoundBesideTheEvdevNodeOnUSBAndBluetooth() throws {
        let root = try sysfs([(5, "0003:054C:0CE6.0001", 2), (6, "0005:054C:0DF2.0004", 7), (7, nil, nil)])
        #expect(HidrawTopology.hidrawNode(ofEventNode: "/dev/input/event5", sysfsRoot: root.path) == "/dev/hidraw2")
        #expect(
            HidrawTopology.hidrawNode(ofEventNode: "/dev/input/event6", sysfsRoot: root.path, deviceDirectory: "/tmp/dev")
                == "/tmp/dev/hidraw7")
        #expect(HidrawTopology.hidrawNode(ofEventNode: "/dev/input/event7", sysfsRoot: root.path) == nil, "a uinput pad has no hidraw")
        #expect(HidrawTopology.hidrawNode(ofEventNode: "/dev/input/event9", sysfsRoot: root.path) == nil, "no such node")
    }

    @Test func discoveryGivesADualSenseItsHidrawNodeAndOtherPadsNone() throws {
        let root = try sysfs([(5, "0005:054C:0CE6.0001", 3), (6, "0003:045E:0B12.0002", 4)])
        let dualSense = MockEvdevSystemCalls()
        dualSense.configure { $0.gamepad = (0x054C, 0x0CE6) }
        let found = ControllerDiscovery.controller(
            try EvdevProbe.probe(path: "/dev/input/event5", system: dualSense).get(), sysfsRoot: root.path, hidrawDirectory: "/x")
        #expect(found.hidrawPath == "/x/hidraw3")
        let xbox = MockEvdevSystemCalls()
        xbox.configure { $0.gamepad = (0x045E, 0x0B12) }
        let other = ControllerDiscovery.controller(
            try EvdevProbe.probe(path: "/dev/input/event6", system: xbox).get(), sysfsRoot: root.path)
        #expect(other.hidrawPath == nil, "only a DualSense's triggers are written through hidraw")
    }

    /// A FIFO stands in for the node: every report written is read back whole and decoded.
    @Test(arguments: DualSenseTransport.allCases)
    func reportsAreWrittenWholeToTheNode(transport: DualSenseTransport) throws {
        let folder = try Fixtures.temporaryDirectory()
        let node = folder.appendingPathComponent("hidraw0").path
        #expect(mkfifo(node, 0o600) == 0)
        let reader = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(reader >= 0)
        defer { close(reader) }
        // A FIFO answers no HIDIOCGRAWINFO: the identity check is the injected default (a DualSense).
        let output = HidrawTriggerOutput(path: node, transport: transport) { (path) throws(SystemCallError) in
            try Posix.open(path, O_WRONLY | O_CLOEXEC)
        }
        let weapon = try DualSenseTriggerEffect.weapon(startZone: 3, endZone: 6, strength: 5)
        try output.apply(left: nil, right: weapon)
        try output.apply(left: .off, right: .off)
        #expect(output.problem == nil)
        let size = transport == .usb ? DualSenseOutputReport.usbSize : DualSenseOutputReport.bluetoothSize
        var buffer = [UInt8](repeating: 0, count: size * 3)
        let count = read(reader, &buffer, buffer.count)
        #expect(count == size * 2, "two reports, each written whole")
        let first = try DualSenseOutputReport(decoding: Array(buffer[0..<size]))
        let second = try DualSenseOutputReport(decoding: Array(buffer[size..<(2 * size)]))
        #expect(first.transport == transport && first.right == weapon && first.left == nil)
        #expect(second.left == .off && second.right == .off)
        if transport == .bluetooth { #expect(first.sequence == 0 && second.sequence == 1) }
    }

    @Test func aNodeThatIsNotWritableNamesTheNodeAndTheUdevRule() throws {
        let output = HidrawTriggerOutput(path: "/dev/hidraw5", transport: .bluetooth) { (_) throws(SystemCallError) in
            throw SystemCallError("open", errno: EACCES)
        }
        do {
            try output.apply(left: nil, right: .off)
            Issue.record("a node that cannot be opened was written")
        } catch {
            #expect(error.code == .permissionDenied)
            #expect(error.message.contains("/dev/hidraw5") && error.message.contains("open failed"))
            #expect(error.message.contains(#"KERNELS=="*054C:0CE6*"#), "the Bluetooth rule")
            #expect(error.message.contains(#"ATTRS{idVendor}=="054c""#), "the USB rule")
        }
        #expect(output.problem?.contains("udev rule") == true)
        let missing = HidrawTriggerOutput(path: "/nonexistent/hidraw9", transport: .usb)
        #expect(throws: DeviceError.self) { try missing.apply(left: .off, right: nil) }
        #expect(missing.problem?.contains("/nonexistent/hidraw9") == true)
    }

    /// The node number of an unplugged pad goes to the next HID device: it must never receive a DualSense report.
    @Test func aNodeThatIsNoLongerADualSenseIsNeverWritten() throws {
        let folder = try Fixtures.temporaryDirectory()
        let node = folder.appendingPathComponent("hidraw2").path
        #expect(FileManager.default.createFile(atPath: node, contents: nil))
        let opens = LockedState(0)
        let output = HidrawTriggerOutput(
            path: node, transport: .usb,
            openNode: { (path) throws(SystemCallError) in
                opens.withLock { $0 += 1 }
                return try Posix.open(path, O_WRONLY | O_CLOEXEC)
            },
            identify: { _ in (0x046D, 0xC52B) })
        do {
            try output.apply(left: nil, right: .off)
            Issue.record("a report was written to another device")
        } catch {
            #expect(error.code == .removed && error.message.contains("is now 046d:c52b, not the DualSense found there"))
        }
        #expect(throws: DeviceError.self) { try output.apply(left: nil, right: .off) }
        #expect(opens.withLock { $0 } == 1, "never opened again")
        #expect(try Data(contentsOf: URL(fileURLWithPath: node)).isEmpty, "nothing written")
    }

    @Test func afterADisconnectNothingIsOpenedOrWritten() throws {
        let folder = try Fixtures.temporaryDirectory()
        let node = folder.appendingPathComponent("hidraw3").path
        #expect(FileManager.default.createFile(atPath: node, contents: nil))
        let opens = LockedState(0)
        let output = HidrawTriggerOutput(path: node, transport: .usb) { (path) throws(SystemCallError) in
            opens.withLock { $0 += 1 }
            return try Posix.open(path, O_WRONLY | O_CLOEXEC)
        }
        try output.apply(left: .off, right: nil)
        output.disconnect()
        do {
            try output.apply(left: nil, right: .off)
            Issue.record("a report was written after the disconnect")
        } catch {
            #expect(error.code == .removed && error.message.contains("was disconnected"))
        }
        #expect(opens.withLock { $0 } == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: node)).count == DualSenseOutputReport.usbSize, "only the first report")
    }

    /// A SOCK_SEQPACKET pair stands in for the node's read side (one report per read, as hidraw gives them).
    @Test(arguments: DualSenseTransport.allCases)
    func theNewestQueuedInputReportIsUsed(transport: DualSenseTransport) throws {
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0)
        defer { close(pair[1]) }
        #expect(fcntl(pair[0], F_SETFL, O_NONBLOCK) == 0)
        let reader = pair[0]
        let output = HidrawTriggerOutput(
            path: "/dev/hidraw4", transport: transport,
            openNode: { (_) throws(SystemCallError) in throw SystemCallError("open", errno: EACCES) },
            openReader: { (_) throws(SystemCallError) in reader })
        #expect(output.latestInput() == nil, "nothing queued: it waits 20 ms, then has nothing")
        func send(_ stop: UInt8, _ status: UInt8) {
            let report = DualSenseInputReport(
                transport: transport, left: .init(stopLocation: 0, status: 0, effect: 0),
                right: .init(stopLocation: stop, status: status, effect: 2)
            ).encoded()
            #expect(report.withUnsafeBytes { write(pair[1], $0.baseAddress, $0.count) } == report.count)
        }
        send(2, 0)
        send(5, 1)
        var short = [UInt8](repeating: 0, count: 10)  // a Bluetooth pad's short report: no trigger state, ignored
        short[0] = 0x01
        #expect(write(pair[1], &short, short.count) == 10)
        #expect(output.latestInput()?.right == .init(stopLocation: 5, status: 1, effect: 2))
        let asked = ThreadTimes.now()
        for _ in 0..<8 { #expect(output.latestInput()?.right.stopLocation == 5, "nothing new: the last report read") }
        // A fresh report answers the next questions at once: eight of them do not wait 20 ms each (160 ms). The
        // time they waited, not the wall clock, which a busy machine stretches.
        let waited = asked.waited(until: .now())
        #expect(waited < 0.12, "eight questions waited \(waited) s")
        send(9, 2)
        #expect(output.latestInput()?.right == .init(stopLocation: 9, status: 2, effect: 2))
        output.disconnect()
        #expect(output.latestInput() == nil)
    }

    @Test func aListingSaysWhetherTheNodeIsWritableWithoutOpeningIt() throws {
        let folder = try Fixtures.temporaryDirectory()
        let node = folder.appendingPathComponent("hidraw1").path
        #expect(FileManager.default.createFile(atPath: node, contents: nil))
        #expect(HidrawTriggerOutput.writeProblem(path: node) == nil)
        #expect(HidrawTriggerOutput.writeProblem(path: "/nonexistent/hidraw9")?.contains("/nonexistent/hidraw9: No such file") == true)
    }
}
#endif
