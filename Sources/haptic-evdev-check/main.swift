// haptic-evdev-check: the project's own code driving a real kernel force-feedback device (run in the QEMU guest
// by .ci/qemu-evdev.sh). It discovers the device, plays a pattern, transients and live parameter changes through
// the renderer's Mixer and the evdev back-end, survives the device being destroyed and re-created (DeviceMonitor),
// and finally waits to be killed mid-play. Every step is logged as `[swf <CLOCK_MONOTONIC>] …` for the log checker.
#if os(Linux)
import Glibc
import HapticDevices
import HapticPattern
import HapticRender
import Synchronization

func stamp() -> String {
    let micros = Int(MonotonicClock.now() * 1e6)
    let fraction = String(micros % 1_000_000)
    return "\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
}
func log(_ text: String) {
    print("[swf \(stamp())] \(text)")
    fflush(nil)
}
func fail(_ text: String) -> Never {
    log("FAIL \(text)")
    exit(1)
}
func sleep(seconds: Double) { MonotonicClock.sleep(until: MonotonicClock.now() + seconds) }
func touch(_ path: String) { fclose(fopen(path, "w")) }

struct Options {
    var deviceName = "virtual-ff-test"
    var markerDirectory = "/tmp"
    var mode = "full"
    static func parse() -> Options {
        var options = Options()
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--name": options.deviceName = arguments.popFirst() ?? options.deviceName
            case "--markers": options.markerDirectory = arguments.popFirst() ?? options.markerDirectory
            case "--stall": options.mode = "stall"
            default: fail("unknown argument \(argument)")
            }
        }
        return options
    }
}
let options = Options.parse()
let deviceName = options.deviceName
let markerDirectory = options.markerDirectory
let mode = options.mode

/// The render loop: a Mixer rendering 4 ms blocks at 1 kHz into one device, on its own thread (the engine's role).
final class RenderLoop: @unchecked Sendable {
    static let rate = 1_000.0
    static let blockFrames = 4
    let mixer = Mixer(configuration: MixerConfiguration(sampleRate: rate, maxBlockFrames: blockFrames), profile: .twoMotorPad)
    let storage = BusStorage(capacity: blockFrames)
    let device: any HapticDevice
    let status = Atomic<Int>(0)  // 0 running, 1 removed, 2 failed, 3 stopped
    let running = Atomic<Bool>(true)
    let done = Atomic<Bool>(false)

    init(device: any HapticDevice) { self.device = device }

    func start() throws(DeviceError) {
        try device.start(format: DeviceFormat(sampleRate: Self.rate, maxBlockFrames: Self.blockFrames))
        IOThread.detach(name: "render") { [self] in
            var frame = 0
            while running.load(ordering: .acquiring) {
                mixer.render(frameCount: Self.blockFrames, haptic: storage.haptic, audio: storage.audio)
                let block = DeviceBlock(frameCount: Self.blockFrames, startFrame: frame, haptic: storage.haptic, audio: storage.audio)
                frame += Self.blockFrames
                switch device.write(block) {
                case .ok: continue
                case .removed: status.store(1, ordering: .releasing)
                case .failed: status.store(2, ordering: .releasing)
                }
                break
            }
            done.store(true, ordering: .releasing)
        }
    }

    func play(_ program: PatternProgram) -> PlayerHandle {
        guard let handle = mixer.allocatePlayer() else { fail("no player") }
        guard mixer.enqueue(.start(handle, program: .passRetained(program), atFrame: mixer.currentFrame, offset: 0)) else { fail("queue full") }
        return handle
    }

    func shutdown() {
        running.store(false, ordering: .releasing)
        while !done.load(ordering: .acquiring) { sleep(seconds: 0.001) }
        device.stop()
    }
}

func program(_ ahap: String) -> PatternProgram {
    do {
        return try PatternProgram(pattern: AHAPReader.read(ahap).pattern)
    } catch {
        fail("pattern: \(error)")
    }
}

let rampPattern = program("""
    {"Version": 1, "Pattern": [
      {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.3,
                 "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1},
                                     {"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}},
      {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0,
                          "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.1}, {"Time": 0.3, "ParameterValue": 1}]}},
      {"Event": {"Time": 0.40, "EventType": "HapticTransient",
                 "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1},
                                     {"ParameterID": "HapticSharpness", "ParameterValue": 0.8}]}},
      {"Event": {"Time": 0.55, "EventType": "HapticTransient",
                 "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.6},
                                     {"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}}
    ]}
    """)
let transient = program("""
    {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient",
       "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}
    """)
func continuous(_ seconds: Double) -> PatternProgram {
    program("""
        {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": \(seconds),
           "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.4}]}}]}
        """)
}

func findDevice() -> DiscoveredDevice {
    for _ in 0..<100 {
        let report = DeviceDiscovery.devices()
        if let found = report.devices.first(where: { $0.info.name == deviceName }) {
            for device in report.devices { log("DISCOVERY found \(device.info.id) '\(device.info.name)' \(device.capabilities.joined(separator: " "))") }
            for skipped in report.skipped { log("DISCOVERY skipped \(skipped.id): \(skipped.reason)") }
            return found
        }
        sleep(seconds: 0.05)
    }
    fail("device '\(deviceName)' not found")
}

func startLoop(_ found: DiscoveredDevice) -> RenderLoop {
    do {
        let device = try DeviceDiscovery.makeDevice(id: found.info.id)
        let loop = RenderLoop(device: device)
        try loop.start()
        log("START \(found.info.id) profile=\(device.info.profile.name)")
        return loop
    } catch {
        fail("start \(found.info.id): \(error)")
    }
}

let found = findDevice()
var loop = startLoop(found)

if mode == "stall" {
    _ = loop.play(continuous(10))
    sleep(seconds: 0.3)
    log("MARK stall")
    touch("\(markerDirectory)/stallme")
    sleep(seconds: 10)
    fail("not stopped by the test")
}

// 1. A pattern: a continuous event under a rising intensity curve, then two transients.
log("API pattern")
_ = loop.play(rampPattern)
sleep(seconds: 0.8)

// 2. Transients, one at a time, for the latency figure.
for i in 0..<10 {
    log("API transient \(i)")
    _ = loop.play(transient)
    sleep(seconds: 0.15)
}

// 3. Live parameters, then stop.
log("API live start")
let live = loop.play(continuous(1.0))
sleep(seconds: 0.25)
log("API param intensity=0.3")
_ = loop.mixer.enqueue(.sendParameter(live, id: .hapticIntensityControl, value: 0.3, atFrame: loop.mixer.currentFrame))
sleep(seconds: 0.25)
log("API param intensity=1.0")
_ = loop.mixer.enqueue(.sendParameter(live, id: .hapticIntensityControl, value: 1.0, atFrame: loop.mixer.currentFrame))
sleep(seconds: 0.2)
log("API stop")
_ = loop.mixer.enqueue(.cancel(live))
sleep(seconds: 0.3)

// 4. The device is destroyed mid-play and re-created.
let events = Mutex<[DeviceMonitor.Event]>([])
let monitor = DeviceMonitor()
do {
    try monitor.start { event in events.withLock { $0.append(event) } }
} catch {
    fail("monitor: \(error)")
}
log("API continuous 5 s")
_ = loop.play(continuous(5))
sleep(seconds: 0.2)
log("MARK unplug")
touch("\(markerDirectory)/unplug")
let unplugDeadline = MonotonicClock.now() + 5
while loop.status.load(ordering: .acquiring) == 0 && MonotonicClock.now() < unplugDeadline { sleep(seconds: 0.001) }
switch loop.status.load(ordering: .acquiring) {
case 1: log("REMOVED write returned .removed -> engine: stoppedHandler(.gameControllerDisconnect)")
case 2: fail("write returned .failed instead of .removed")
default: fail("removal not noticed within 5 s")
}
loop.shutdown()
var readded: DiscoveredDevice?
var sawRemoval = false
let replugDeadline = MonotonicClock.now() + 5
while readded == nil && MonotonicClock.now() < replugDeadline {
    for event in events.withLock({ pending -> [DeviceMonitor.Event] in defer { pending.removeAll() }; return pending }) {
        switch event {
        case .removed(let id):
            log("MONITOR removed \(id)")
            sawRemoval = true
        case .added(let device):
            // The monitor first reports what is present at start; the re-created device comes after the removal.
            log("MONITOR added \(device.info.id) '\(device.info.name)'\(sawRemoval ? "" : " (present at start)")")
            if sawRemoval && device.info.name == deviceName { readded = device }
        }
    }
    sleep(seconds: 0.005)
}
guard let readded else { fail("device not re-added within 5 s") }
monitor.stop()
loop = startLoop(readded)
log("RESUMED -> engine: resetHandler; API pattern again")
_ = loop.play(rampPattern)
sleep(seconds: 0.8)

// 5. Killed mid-play: the test sends SIGKILL while a long event plays.
log("API continuous 10 s")
_ = loop.play(continuous(10))
sleep(seconds: 0.3)
log("MARK kill")
touch("\(markerDirectory)/killme")
sleep(seconds: 10)
fail("not killed by the test")
#else
print("haptic-evdev-check runs on Linux only")
#endif
