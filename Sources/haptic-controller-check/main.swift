// haptic-controller-check: game code on the real kernel's game controllers, run in the QEMU guest of
// .ci/qemu-controllers.sh. It uses only Apple's public names — GCController, GCDeviceHaptics, GCHapticsLocality,
// the connect/disconnect notifications, CHHapticEngine, CHHapticPattern — as a game would, against two uinput
// gamepads (padevice) and two DualSenses that the kernel's hid-playstation drives (dsemu over /dev/uhid):
//
// 1. discovery: both pads and both DualSenses, with their names, categories and localities, each posted as
//    connected once;
// 2. on each pad, one engine per locality (left handle, right handle, handles), played one after the other, then
//    the left- and right-handle engines at once (mixed into one effect), then both pads at once;
// 3. pad B unplugged mid-play: GCControllerDidDisconnect for it, stoppedHandler(.gameControllerDisconnect) once
//    for each of its engines, pad A untouched; pad B plugged in again: GCControllerDidConnect with a new
//    controller, whose engine plays;
// 4. each DualSense: the same localities and mixing, through hid-playstation's output reports; one DualSense
//    unplugged mid-play;
// 5. adaptive triggers (issue 25) on a USB DualSense and on the Bluetooth one, through Apple's
//    GCDualSenseAdaptiveTrigger: every mode and positional form, written to the pad's hidraw node (the emulator
//    decodes report 0x02 or 0x31, CRC checked, and answers with an input report: status and armPosition are read
//    back); a trigger left on is turned off at exit;
// 6. every engine stopped (the motors off);
// 7. (right after discovery) GCController.current follows the pad the player touched last: a press on pad B makes it
//    current (one GCControllerDidStopBeingCurrent, one GCControllerDidBecomeCurrent), presses on the current pad and
//    stick jitter inside the dead zone post nothing, then pad A; then presses alternate, timed from the uinput write
//    to the notification. Pad B is current again when it is unplugged (it stops being current; pad A becomes it).
// 8. (after the triggers) the Bluetooth DualSense's voice coils through report 0x32 (BluetoothCoilPhase.swift);
// 9. then a USB DualSense's touchpad: two fingers and its click, then lifted (TouchpadPhase.swift);
// 10. then its light bar colour and player number, through the LED class to hid-playstation's output report.
// 11. then its motion sensors and battery: the pad held in three poses, GCMotion and GCDeviceBattery read
//    (MotionPhase.swift);
// 12. (after the summary) an arcade stick off the kernel's gamepad layout is plugged in, read through its SDL mapping
//    line (SDL_GAMECONTROLLERCONFIG): its input reaches Apple's elements (MappedPadPhase.swift).
//
// Every step is logged as `[gc <CLOCK_MONOTONIC>] …`; the emulated devices log what reached them, and
// .ci/qemu-controllers/check.py compares the two. The test tells /init when to unplug and re-plug devices by
// creating marker files (`--markers DIR`).
import HapticSystem

#if os(Linux)
import Foundation
import HapticRender
import OpenCoreHaptics
import OpenGameController

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
func log(_ text: String) {
    print("[gc \(String(format: "%.6f", now()))] \(text)")
    fflush(nil)
}
func fail(_ text: String) -> Never {
    log("FAIL \(text)")
    exit(1)
}
/// A pause that paces the scenario (how long a phase plays before a device is unplugged, how long late duplicates
/// are given to arrive): never a wait for something to happen — those wait for a signal (`wait(seconds:until:)`,
/// `playOut(_:)`).
func sleep(seconds: Double) { usleep(useconds_t(seconds * 1_000_000)) }  // pacing: see above
func attempt<T>(_ what: String, _ body: () throws -> T) -> T {
    do { return try body() } catch { fail("\(what): \(error)") }
}

let markerDirectory: String = {
    let arguments = CommandLine.arguments
    if let index = arguments.firstIndex(of: "--markers"), index + 1 < arguments.count { return arguments[index + 1] }
    return "/tmp"
}()
func mark(_ name: String) {
    log("MARK \(name)")
    fclose(fopen("\(markerDirectory)/\(name)", "w"))
}

let padAName = "OCH Test Pad A"
let padBName = "OCH Test Pad B"
let dualSenseCategory = "DualSense"
/// The kernel's name of a DualSense on USB, and the one a paired Bluetooth pad gives.
let usbDualSenseName = "Sony Interactive Entertainment DualSense Wireless Controller"
let bluetoothDualSenseName = "DualSense Wireless Controller"

/// What the callbacks saw: notifications (with the controller's identity) and stopped handlers, by engine label.
final class Recorder: Sendable {
    struct Note {
        var time: Double
        var controller: ObjectIdentifier
        var name: String
    }
    struct State {
        var connects: [Note] = []
        var disconnects: [Note] = []
        /// GCControllerDidBecomeCurrent (`became`) and GCControllerDidStopBeingCurrent (`left`).
        var became: [Note] = []
        var left: [Note] = []
        var stops: [String: [CHHapticEngine.StoppedReason]] = [:]
    }
    let state = LockedState(State())
    /// Broadcast after every change: `wait(seconds:until:)` looks again then.
    let changed = NSCondition()

    /// Changes the state and wakes the waiters.
    func record(_ change: (inout State) -> Void) {
        state.withLock { change(&$0) }
        changed.lock()
        changed.broadcast()
        changed.unlock()
    }

    func connects(named name: String) -> [Note] { state.withLock { $0.connects.filter { $0.name == name } } }
    func disconnects(named name: String) -> [Note] { state.withLock { $0.disconnects.filter { $0.name == name } } }
    func stops(_ label: String) -> [CHHapticEngine.StoppedReason] { state.withLock { $0.stops[label] ?? [] } }
}
let recorder = Recorder()

/// Waits until `condition` holds, at most `seconds`; returns whether it held. Every change the recorder sees (a
/// notification, a stopped handler; the registry lists a controller before it posts it) wakes it to look again.
func wait(seconds: Double, until condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    recorder.changed.lock()
    defer { recorder.changed.unlock() }
    while !condition() {
        if !recorder.changed.wait(until: deadline) { return condition() }
    }
    return true
}

func reasonName(_ reason: CHHapticEngine.StoppedReason) -> String {
    switch reason {
    case .audioSessionInterrupt: "audioSessionInterrupt"
    case .applicationSuspended: "applicationSuspended"
    case .idleTimeout: "idleTimeout"
    case .notifyWhenFinished: "notifyWhenFinished"
    case .engineDestroyed: "engineDestroyed"
    case .gameControllerDisconnect: "gameControllerDisconnect"
    case .systemError: "systemError"
    @unknown default: "unknown(\(reason.rawValue))"
    }
}

// Observe before the first GCController call: the controllers present then are posted as connected too.
let connectObserver = NotificationCenter.default.addObserver(forName: .GCControllerDidConnect, object: nil, queue: nil) { note in
    guard let controller = note.object as? GCController else { return log("FAIL a connect notification without a controller") }
    let name = controller.vendorName ?? "?"
    recorder.record { $0.connects.append(.init(time: now(), controller: ObjectIdentifier(controller), name: name)) }
    log("NOTE GCControllerDidConnect '\(name)' category=\(controller.productCategory) id=\(ObjectIdentifier(controller).hashValue)")
}
let disconnectObserver = NotificationCenter.default.addObserver(forName: .GCControllerDidDisconnect, object: nil, queue: nil) {
    note in
    guard let controller = note.object as? GCController else { return log("FAIL a disconnect notification without a controller") }
    let name = controller.vendorName ?? "?"
    recorder.record { $0.disconnects.append(.init(time: now(), controller: ObjectIdentifier(controller), name: name)) }
    log("NOTE GCControllerDidDisconnect '\(name)' category=\(controller.productCategory) id=\(ObjectIdentifier(controller).hashValue)")
}

let becomeObserver = NotificationCenter.default.addObserver(forName: .GCControllerDidBecomeCurrent, object: nil, queue: nil) {
    note in
    guard let controller = note.object as? GCController else { return log("FAIL a became-current notification without a controller") }
    let name = controller.vendorName ?? "?"
    // Logged first: the line's time is when the notification arrived, before the recorder wakes the driver.
    log("NOTE GCControllerDidBecomeCurrent '\(name)' current=\(GCController.current === controller)")
    recorder.record { $0.became.append(.init(time: now(), controller: ObjectIdentifier(controller), name: name)) }
}
let stopBeingObserver = NotificationCenter.default.addObserver(forName: .GCControllerDidStopBeingCurrent, object: nil, queue: nil) {
    note in
    guard let controller = note.object as? GCController else {
        return log("FAIL a stopped-being-current notification without a controller")
    }
    let name = controller.vendorName ?? "?"
    log("NOTE GCControllerDidStopBeingCurrent '\(name)'")
    recorder.record { $0.left.append(.init(time: now(), controller: ObjectIdentifier(controller), name: name)) }
}

/// A continuous event of `seconds` at `intensity` (sharpness 0.5).
func rumble(intensity: Float, seconds: Double) -> CHHapticPattern {
    attempt("pattern") {
        try CHHapticPattern(
            events: [
                CHHapticEvent(
                    eventType: .hapticContinuous,
                    parameters: [
                        CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity),
                        CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.5),
                    ], relativeTime: 0, duration: seconds)
            ], parameters: [])
    }
}
// The levels each locality plays (distinct, so the mix shows whose is whose): left 0.9, right 0.4, handles 0.8.
let leftLevel: Float = 0.9
let rightLevel: Float = 0.4
let handlesLevel: Float = 0.8

func play(_ engine: CHHapticEngine, _ pattern: CHHapticPattern) {
    attempt("makePlayer/start") { try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate) }
}

/// How long a phase stays open after our output fell silent: the emulated devices log what reached them from
/// another process, behind the kernel (uinput, hid-playstation), so their last line trails our last write.
let deviceLogMargin = 0.25

/// Waits until every engine in `engines` says its output is silent (its players played out and the device took
/// the silence after them), then keeps the phase open for ``deviceLogMargin``.
func playOut(_ engines: [CHHapticEngine], _ label: String) {
    for engine in engines where !engine.waitUntilOutputSilent(timeout: 5) { fail("\(label): the output was not silent within 5 s") }
    sleep(seconds: deviceLogMargin)
}

/// One engine per locality of a controller, started, its stopped handler recorded under `label.locality`.
final class PadEngines {
    let label: String
    let controller: GCController
    var engines: [(locality: GCHapticsLocality, engine: CHHapticEngine)] = []

    init(label: String, controller: GCController, localities: [GCHapticsLocality]) {
        self.label = label
        self.controller = controller
        guard let haptics = controller.haptics else { fail("\(label): no haptics") }
        for locality in localities {
            guard haptics.supportedLocalities.contains(locality) else { fail("\(label): locality \(locality.rawValue) not supported") }
            guard let engine = haptics.createEngine(withLocality: locality) else {
                fail("\(label): createEngine(withLocality: .\(locality.rawValue)) returned nil")
            }
            let key = "\(label).\(locality.rawValue)"
            engine.stoppedHandler = { reason in
                recorder.record { $0.stops[key, default: []].append(reason) }
                log("HANDLER \(key) stoppedHandler(.\(reasonName(reason)))")
            }
            attempt("\(key) start") { try engine.start() }
            engines.append((locality, engine))
        }
        log("ENGINES \(label) started: \(localities.map(\.rawValue).joined(separator: ", "))")
    }

    func engine(_ locality: GCHapticsLocality) -> CHHapticEngine {
        guard let found = engines.first(where: { $0.locality == locality }) else { fail("\(label): no \(locality.rawValue) engine") }
        return found.engine
    }

    /// Each locality alone, then left and right handle at once; each phase between PLAY and END markers.
    func playEachLocalityThenMix() {
        let length = 0.4
        for (locality, level) in [(GCHapticsLocality.leftHandle, leftLevel), (.rightHandle, rightLevel), (.handles, handlesLevel)] {
            log("PLAY \(label) \(locality.rawValue) intensity=\(level)")
            play(engine(locality), rumble(intensity: level, seconds: length))
            playOut([engine(locality)], "\(label) \(locality.rawValue)")
            log("END \(label) \(locality.rawValue)")
        }
        let left = rumble(intensity: leftLevel, seconds: length)
        let right = rumble(intensity: rightLevel, seconds: length)
        log("PLAY \(label) mix left=\(leftLevel) right=\(rightLevel)")
        play(engine(.leftHandle), left)
        play(engine(.rightHandle), right)
        playOut([engine(.leftHandle), engine(.rightHandle)], "\(label) mix")
        log("END \(label) mix")
    }
}

// MARK: 1. Discovery

log("START haptic-controller-check (pid \(getpid()))")
let t0 = now()
var controllers: [GCController] = []
let allThere = wait(seconds: 30) {
    controllers = GCController.controllers()
    let names = controllers.compactMap(\.vendorName)
    return names.contains(padAName) && names.contains(padBName)
        && controllers.filter { $0.productCategory == dualSenseCategory }.count >= 3
}
guard allThere else { fail("not every controller appeared: \(controllers.map { $0.vendorName ?? "?" })") }
log("DISCOVERY \(controllers.count) controllers within \(String(format: "%.1f", (now() - t0) * 1000)) ms")
for (index, controller) in controllers.enumerated() {
    let localities = controller.haptics?.supportedLocalities.map(\.rawValue).sorted().joined(separator: ",") ?? "-"
    log(
        "CONTROLLER \(index) name='\(controller.vendorName ?? "?")' category=\(controller.productCategory) attached=\(controller.isAttachedToDevice) localities=\(localities)"
    )
}
guard let padA = controllers.first(where: { $0.vendorName == padAName }),
    let padB = controllers.first(where: { $0.vendorName == padBName })
else { fail("pads missing") }
let dualSenses = controllers.filter { $0.productCategory == dualSenseCategory && $0.vendorName == usbDualSenseName }
guard dualSenses.count == 2, let bluetoothDualSense = controllers.first(where: { $0.vendorName == bluetoothDualSenseName }) else {
    fail("expected two USB DualSenses and a Bluetooth one: \(controllers.map { $0.vendorName ?? "?" })")
}
guard wait(seconds: 5, until: { recorder.state.withLock { $0.connects.count } >= controllers.count }) else {
    fail("only \(recorder.state.withLock { $0.connects.count }) connect notifications for \(controllers.count) controllers")
}
for controller in controllers {
    let notes = recorder.state.withLock { $0.connects.filter { $0.controller == ObjectIdentifier(controller) } }
    log("CONNECTS '\(controller.vendorName ?? "?")' \(notes.count)")
}
let handleLocalities: [GCHapticsLocality] = [.leftHandle, .rightHandle, .handles]
if padA.haptics?.createEngine(withLocality: .leftTrigger) != nil { fail("a rumble pad made a left-trigger engine") }
log("CHECK createEngine(withLocality: .leftTrigger) on a pad without trigger motors -> nil")

// MARK: 7. The current controller follows the pad the player touched last

let currentPhase = CurrentControllerPhase(padA: padA, padB: padB)
currentPhase.run()

// MARK: 2. Each pad: one engine per locality, then mixing, then both pads at once

let enginesA = PadEngines(label: "A", controller: padA, localities: handleLocalities)
let enginesB = PadEngines(label: "B", controller: padB, localities: handleLocalities)
sleep(seconds: 0.3)  // a quiet gap in the log before the first phase
enginesA.playEachLocalityThenMix()
enginesB.playEachLocalityThenMix()
log("PLAY AB cross A.leftHandle=\(leftLevel) B.rightHandle=\(rightLevel)")
play(enginesA.engine(.leftHandle), rumble(intensity: leftLevel, seconds: 0.4))
play(enginesB.engine(.rightHandle), rumble(intensity: rightLevel, seconds: 0.4))
playOut([enginesA.engine(.leftHandle), enginesB.engine(.rightHandle)], "AB cross")
log("END AB cross")

// MARK: 3. Pad B unplugged mid-play, then plugged in again

log("PLAY B unplug: B.handles and B.leftHandle 10 s, A.leftHandle 1.5 s")
play(enginesB.engine(.handles), rumble(intensity: handlesLevel, seconds: 10))
play(enginesB.engine(.leftHandle), rumble(intensity: leftLevel, seconds: 10))
play(enginesA.engine(.leftHandle), rumble(intensity: leftLevel, seconds: 1.5))
sleep(seconds: 0.3)  // play a while before the unplug
currentPhase.pressBeforeUnplug()
mark("unplug")
let unplugMarked = now()
guard wait(seconds: 10, until: { !recorder.disconnects(named: padBName).isEmpty }) else {
    fail("no GCControllerDidDisconnect for pad B within 10 s")
}
let bKeys = handleLocalities.map { "B.\($0.rawValue)" }
guard wait(seconds: 5, until: { bKeys.allSatisfy { !recorder.stops($0).isEmpty } }) else {
    fail("not every engine of pad B got its stopped handler: \(bKeys.map { "\($0)=\(recorder.stops($0).count)" })")
}
sleep(seconds: 1.0)  // late duplicates would arrive now
for key in bKeys {
    let stops = recorder.stops(key)
    log("STOPS \(key) \(stops.count) [\(stops.map(reasonName).joined(separator: ","))]")
}
let bDisconnects = recorder.disconnects(named: padBName)
currentPhase.checkAfterUnplug()
log(
    "DISCONNECTS '\(padBName)' \(bDisconnects.count) same-controller=\(bDisconnects.allSatisfy { $0.controller == ObjectIdentifier(padB) }) after-mark-ms=\(String(format: "%.1f", ((bDisconnects.first?.time ?? 0) - unplugMarked) * 1000))"
)
log("STOPS A.leftHandle \(recorder.stops("A.leftHandle").count) (pad A still playing)")
log("CHECK old pad B createEngine after disconnect -> \(padB.haptics?.createEngine(withLocality: .default) == nil ? "nil" : "an engine")")
log(
    "CHECK controllers() after unplug: \(GCController.controllers().count) controllers, old pad B listed=\(GCController.controllers().contains { $0 === padB })"
)
sleep(seconds: 0.5)  // a gap in the log before the re-plug

let connectsBeforeReplug = recorder.connects(named: padBName).count
mark("replug")
let replugMarked = now()
guard wait(seconds: 10, until: { recorder.connects(named: padBName).count > connectsBeforeReplug }) else {
    fail("no GCControllerDidConnect for the re-plugged pad B within 10 s")
}
let newNote = recorder.connects(named: padBName).last!
guard let padB2 = GCController.controllers().first(where: { ObjectIdentifier($0) == newNote.controller }) else {
    fail("the re-plugged pad B is not in GCController.controllers()")
}
log(
    "REPLUGGED '\(padBName)' new-controller=\(padB2 !== padB) category=\(padB2.productCategory) after-mark-ms=\(String(format: "%.1f", (newNote.time - replugMarked) * 1000))"
)
let enginesB2 = PadEngines(label: "B2", controller: padB2, localities: [.leftHandle])
sleep(seconds: 0.2)  // a quiet gap in the log before B2 plays
log("PLAY B2 leftHandle intensity=\(leftLevel)")
play(enginesB2.engine(.leftHandle), rumble(intensity: leftLevel, seconds: 0.4))
playOut([enginesB2.engine(.leftHandle)], "B2 leftHandle")
log("END B2 leftHandle")
// A game that restarts its engines when they stop (Apple's advice for resets) must not reach the pad that took the
// unplugged one's place: the old controller's engines stay stopped. (The new pad's engine is running, so a restarted
// old engine would find the output of the same device node and join it.)
do {
    try enginesB.engine(.leftHandle).start()
    log("PLAY Bold leftHandle intensity=\(rightLevel) (the old engine started again)")
    play(enginesB.engine(.leftHandle), rumble(intensity: rightLevel, seconds: 0.4))
    playOut([enginesB.engine(.leftHandle)], "Bold leftHandle")
    log("END Bold leftHandle")
    enginesB.engine(.leftHandle).stop()
} catch {
    log("OLDENGINE start() after the disconnect throws: \(error)")
}

// MARK: 4. The DualSenses through hid-playstation

var dualSenseEngines: [PadEngines] = []
for (index, controller) in dualSenses.enumerated() {
    let engines = PadEngines(label: "DS\(index + 1)", controller: controller, localities: handleLocalities)
    dualSenseEngines.append(engines)
    sleep(seconds: 0.2)  // a quiet gap in the log before the phases
    engines.playEachLocalityThenMix()
}

// MARK: 5. Adaptive triggers through hidraw

/// Sets every mode on `controller`'s triggers, each call logged (with its arguments, then the mode it left) so
/// check.py can encode the expected bytes itself and time the report the emulator got.
func playTriggers(_ label: String, _ controller: GCController) {
    guard let gamepad = controller.extendedGamepad as? GCDualSenseGamepad,
        controller.physicalInputProfile === gamepad,
        let right = controller.physicalInputProfile.buttons[GCInputRightTrigger] as? GCDualSenseAdaptiveTrigger
    else { fail("\(label): not a GCDualSenseGamepad with adaptive triggers") }
    let left = gamepad.leftTrigger
    let calls: [(side: String, call: String, body: (GCDualSenseAdaptiveTrigger) -> Void)] = [
        ("right", "feedback 0.3 0.5", { $0.setModeFeedbackWithStartPosition(0.3, resistiveStrength: 0.5) }),
        ("right", "weapon 0.2 0.6 1.0", { $0.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1) }),
        ("right", "vibration 0.1 0.75 0.3", { $0.setModeVibrationWithStartPosition(0.1, amplitude: 0.75, frequency: 0.3) }),
        (
            "left", "slope 0.1 0.9 0.125 1.0",
            { $0.setModeSlopeFeedback(startPosition: 0.1, endPosition: 0.9, startStrength: 0.125, endStrength: 1) }
        ),
        (
            "left", "strengths 0 0 1 0 0 0 0 0 0 0.125",
            { $0.setModeFeedback(resistiveStrengths: .init(values: (0, 0, 1, 0, 0, 0, 0, 0, 0, 0.125))) }
        ),
        (
            "left", "amplitudes 0 0 0 0.5 0.5 0.5 0.5 0 0 0 0.1",
            { $0.setModeVibration(amplitudes: .init(values: (0, 0, 0, 0.5, 0.5, 0.5, 0.5, 0, 0, 0)), frequency: 0.1) }
        ),
        ("left", "off", { $0.setModeOff() }),
        ("right", "off", { $0.setModeOff() }),
        // Left on: the process's exit turns it off.
        ("right", "weapon 0.3 0.7 0.5", { $0.setModeWeaponWithStartPosition(0.3, endPosition: 0.7, resistiveStrength: 0.5) }),
    ]
    for (side, call, body) in calls {
        let trigger = side == "left" ? left : right
        log("TRIGGER \(label) \(side) \(call)")
        body(trigger)
        log("TRIGGERSET \(label) \(side) mode=\(trigger.mode.rawValue) problem=\(trigger.lastProblem ?? "-")")
        sleep(seconds: 0.15)  // pacing: one report per step in the emulator's log (and its input report back)
        log("TRIGGERSTATUS \(label) \(side) status=\(trigger.status.rawValue) arm=\(String(format: "%.4f", trigger.armPosition))")
    }
}
sleep(seconds: 0.2)  // a quiet gap in the log before the trigger phase
playTriggers("DS1", dualSenses[0])
playTriggers("DS3", bluetoothDualSense)
log("END triggers")
BluetoothCoilPhase.run(bluetoothDualSense)  // 8. the Bluetooth pad's voice coils, 0x32 reports (BluetoothCoilPhase.swift)
TouchpadPhase.run(dualSenses)  // 9. a DualSense's touchpad through its own evdev node (TouchpadPhase.swift)
TouchpadPhase.light(dualSenses[0])  // 10. its light bar and player LEDs through the LED class (TouchpadPhase.swift)
MotionPhase.run(dualSenses)  // 11. its motion sensors and battery through hid-playstation (MotionPhase.swift)

// One DualSense is unplugged (/init destroys the second emulated pad) while both play.
log("PLAY DS unplug: every DualSense's handles engine 10 s")
for engines in dualSenseEngines { play(engines.engine(.handles), rumble(intensity: handlesLevel, seconds: 10)) }
sleep(seconds: 0.3)  // play a while before the unplug
let dsDisconnectsBefore = recorder.disconnects(named: dualSenses[0].vendorName ?? "?").count
mark("dsunplug")
guard wait(seconds: 10, until: { recorder.disconnects(named: dualSenses[0].vendorName ?? "?").count > dsDisconnectsBefore }) else {
    fail("no GCControllerDidDisconnect for a DualSense within 10 s")
}
sleep(seconds: 1.0)  // late duplicates would arrive now
for engines in dualSenseEngines {
    let gone = recorder.state.withLock { $0.disconnects.contains { $0.controller == ObjectIdentifier(engines.controller) } }
    for (locality, _) in engines.engines {
        let stops = recorder.stops("\(engines.label).\(locality.rawValue)")
        log(
            "STOPS \(engines.label).\(locality.rawValue) \(stops.count) [\(stops.map(reasonName).joined(separator: ","))] disconnected=\(gone)"
        )
    }
}

// MARK: 6. Every engine stops

log("API stop every engine")
for engines in [enginesA, enginesB2] + dualSenseEngines {
    for (_, engine) in engines.engines { engine.stop() }
}
sleep(seconds: 0.5)  // the devices log the stop (another process); then /init ends the guest
let summary = recorder.state.withLock { s in
    "connects=\(s.connects.count) disconnects=\(s.disconnects.count) stopped-handlers=\(s.stops.values.map(\.count).reduce(0, +))"
}
log("SUMMARY \(summary)")
MappedPadPhase.run()  // 12. a stick that needs an SDL mapping, hot-plugged (MappedPadPhase.swift)
NotificationCenter.default.removeObserver(connectObserver)
NotificationCenter.default.removeObserver(disconnectObserver)
NotificationCenter.default.removeObserver(becomeObserver)
NotificationCenter.default.removeObserver(stopBeingObserver)
mark("done")
exit(0)
#else
print("haptic-controller-check runs on Linux only")
#endif
