import Foundation
import HapticDevices
import HapticEngine
import HapticSystem

/// A game controller: its identity, its player number and its haptics — the GameController framework's object, for
/// game code shared with Apple platforms.
///
///     #if canImport(GameController)
///     import GameController
///     #else
///     import OpenGameController
///     #endif
///
///     for controller in GCController.controllers() {
///         guard let engine = controller.haptics?.createEngine(withLocality: .default) else { continue }
///         try engine.start()
///     }
///
/// On Linux every evdev node with force feedback and gamepad buttons is a controller (vendor name from the kernel,
/// product category from the vendor and product IDs) — and a joystick with force feedback that an SDL mapping line
/// names (<doc:ControllerMappings>) —, followed by the simulated controllers `HAPTIC_CONTROLLERS`
/// lists. Controllers plugged in or out while the app runs are posted as `GCControllerDidConnect`
/// and `GCControllerDidDisconnect` notifications; ``current`` follows the pad the player touched last.
///
/// Its input — buttons, triggers, d-pad and thumbsticks — is the ``extendedGamepad`` profile, read from the pad's
/// evdev node (and a DualSense's or DualShock 4's touchpad node); its ``battery`` is read from sysfs, its ``light``
/// written there, and its ``motion`` read from the pad's motion-sensor node while the game has it active.
///
/// An `NSObject`, as in GameController: a controller is equal only to itself and hashes by identity, so it can be a
/// dictionary key (`[GCController: CHHapticEngine]`).
///
/// Thread safety: any thread.
open class GCController: NSObject, @unchecked Sendable {
    // @unchecked: the player index is behind a lock; everything else is immutable.

    /// The controllers connected now, in discovery order (real ones first, then simulated ones).
    ///
    /// The first call (or ``current``, or ``startWirelessControllerDiscovery(completionHandler:)``) starts watching for
    /// controllers; the ones present then are also posted as connected.
    open class func controllers() -> [GCController] { ControllerRegistry.current.controllers() }

    /// The controller the player used most recently, or `nil` when none is connected.
    ///
    /// On Linux a use is a button pressed on the pad, or a stick, trigger or d-pad moved beyond its dead zone (an
    /// eighth of the axis's range, or the driver's flat band if wider), read from the pad's evdev node without
    /// grabbing it; connecting counts as a use too, so before any input the controller most recently connected is
    /// current. When the current controller disconnects, the one used most recently before it becomes current. Each
    /// change posts `GCControllerDidStopBeingCurrent` and `GCControllerDidBecomeCurrent`.
    open class var current: GCController? { ControllerRegistry.current.mostRecent() }

    /// Starts looking for controllers: on Linux pairing is the system's (Bluetooth settings), so this only makes sure
    /// the app is watching for controllers to appear; `completionHandler` runs when discovery ends, after
    /// ``stopWirelessControllerDiscovery()`` or 60 seconds.
    open class func startWirelessControllerDiscovery(completionHandler: (() -> Void)? = nil) {
        ControllerRegistry.current.startDiscovery(completion: completionHandler.map { UncheckedCompletion(body: $0) })
    }

    /// Ends discovery early; the pending completion handler runs.
    open class func stopWirelessControllerDiscovery() { ControllerRegistry.current.stopDiscovery() }

    /// The name of the controller (the kernel's name for the device).
    open var vendorName: String? { info.name }

    /// The kind of controller: `"DualSense"`, `"DualShock 4"`, `"Xbox One"`, `"Switch Pro Controller"` or `"HID"`.
    open var productCategory: String { info.category.rawValue }

    /// The player number the game gave the controller (default ``GCControllerPlayerIndex/indexUnset``).
    ///
    /// Setting it lights the pad's player LEDs where it has them (a DualSense's five as hid-playstation shows player
    /// numbers: 1 the middle one, 2 the two beside it, 3 the middle and outer ones, 4 all but the middle; a pad with
    /// four, such as a Switch Pro Controller, the LED of that number); ``GCControllerPlayerIndex/indexUnset`` turns
    /// them off.
    open var playerIndex: GCControllerPlayerIndex {
        get { playerIndexState.withLock { $0 } }
        set {
            playerIndexState.withLock { $0 = newValue }
            guard let leds = playerLEDs else { return }
            do throws(DeviceError) {
                try leds.setPlayerLEDs(Self.playerLEDs(newValue, count: leds.playerLEDCount))
            } catch {
                DeviceLog.logger.error("controller player LEDs: \(error.message)")
            }
        }
    }

    /// The controller's motion sensors, or `nil` when it has none: a pad whose driver gives a motion-sensor node
    /// (a DualSense, DualShock 4 or Switch Pro Controller), or a simulated pad declared with motion. The sensors are
    /// read only while ``GCMotion/sensorsActive`` is `true`.
    open var motion: GCMotion? { deviceMotion }

    /// The controller's light (a DualSense's or DualShock 4's light bar), or `nil` when it has none.
    open var light: GCDeviceLight? { deviceLight }

    /// Which of `count` player LEDs show `index`.
    internal static func playerLEDs(_ index: GCControllerPlayerIndex, count: Int) -> [Bool] {
        guard index != .indexUnset else { return Array(repeating: false, count: count) }
        if count == 5 {
            // hid-playstation's patterns for players 1 … 4 (LED 1 … 5 left to right).
            let patterns: [[Bool]] = [
                [false, false, true, false, false], [false, true, false, true, false], [true, false, true, false, true],
                [true, true, false, true, true],
            ]
            return patterns[index.rawValue]
        }
        return (0..<count).map { $0 == index.rawValue }
    }

    /// Whether the controller is part of the device (a phone's built-in controls): `false` for every controller here.
    open var isAttachedToDevice: Bool { false }

    /// The controller's haptics, or `nil` when it has none (a snapshot has none).
    open var haptics: GCDeviceHaptics? { deviceHaptics }

    /// The controller's battery, or `nil` while the system reports none for it (a wired pad, a uinput pad, a simulated
    /// one, a snapshot). Once there, the same object is returned for as long as the controller is connected.
    open var battery: GCDeviceBattery? {
        guard let readBattery else { return nil }
        if let battery = deviceBattery.withLock({ $0 }) { return battery }
        guard readBattery(info) != nil else { return nil }
        let info = info
        let battery = GCDeviceBattery { readBattery(info) }
        return deviceBattery.withLock { existing in
            if let existing { return existing }
            existing = battery
            return battery
        }
    }

    /// Whether this controller is a snapshot (``capture()``, ``withExtendedGamepad()``, ``withMicroGamepad()``): a copy
    /// of element values a game sets, not a pad.
    open var isSnapshot: Bool { snapshot }

    /// The controller's gamepad profile: a ``GCDualSenseGamepad`` (with its adaptive triggers and touchpad) for a
    /// DualSense, a ``GCDualShockGamepad`` for a DualShock 4, a ``GCXboxGamepad`` for an Xbox pad, a
    /// ``GCExtendedGamepad`` for any other controller, its elements following the kernel's gamepad layout.
    open var extendedGamepad: GCExtendedGamepad? { profileKind == .micro ? nil : gamepad }

    /// The controller's micro gamepad profile: a second view of ``extendedGamepad``'s d-pad and its A, X and menu
    /// buttons (the same element objects), for game code written for the Siri Remote's controls.
    open var microGamepad: GCMicroGamepad? { gamepad.microGamepad }

    /// The controller's physical inputs by name: the same object as ``extendedGamepad`` (``microGamepad`` for a
    /// snapshot made by ``withMicroGamepad()``).
    open var physicalInputProfile: GCPhysicalInputProfile { profileKind == .micro ? gamepad.microGamepad : gamepad }

    /// The queue the input handlers of this controller's elements and profiles run on: the main queue unless the
    /// game sets another (on Linux the main queue runs only while the main thread serves it — `dispatchMain()`, a
    /// run loop, or Swift's main actor).
    open var handlerQueue: DispatchQueue {
        get { gamepad.handlerQueue.withLock { $0 } }
        set { gamepad.handlerQueue.withLock { $0 = newValue } }
    }

    /// A snapshot of the controller: a new controller with the same identity, kind of profile and player index, whose
    /// elements hold the values this one's have now — Apple's `capture()`, for replays, tests and a game's own input
    /// recording.
    ///
    ///     let frame = controller.capture()
    ///     history.append(frame)                       // later: frame.extendedGamepad?.buttonA.isPressed
    ///
    /// The snapshot reads no input, posts no notification, is not among ``controllers()``, and has no haptics; its
    /// elements' values are set with `setValue(_:)` or its profile's `setStateFrom(_:)`, and their handlers run on its
    /// own ``handlerQueue`` only when the game sets them.
    open func capture() -> GCController {
        let snapshot = GCController(snapshotOf: info, profile: profileKind, playerIndex: playerIndex, motion: deviceMotion)
        snapshot.gamepad.copyValues(from: gamepad)
        return snapshot
    }

    /// A new snapshot controller with an extended gamepad profile, every element at rest — Apple's
    /// `withExtendedGamepad()`, for input a game makes itself (a replay, a test, an on-screen pad).
    open class func withExtendedGamepad() -> GCController {
        GCController(snapshotOf: snapshotInfo, profile: .extended, playerIndex: .indexUnset)
    }

    /// A new snapshot controller with only a micro gamepad profile (``extendedGamepad`` is `nil`), every element at
    /// rest — Apple's `withMicroGamepad()`.
    open class func withMicroGamepad() -> GCController {
        GCController(snapshotOf: snapshotInfo, profile: .micro, playerIndex: .indexUnset)
    }

    /// What the device layer found.
    package let info: ControllerInfo
    private let deviceHaptics: GCDeviceHaptics?
    private let deviceLight: GCDeviceLight?
    private let deviceMotion: GCMotion?
    /// The pad's player LEDs (`nil` when it has none).
    private let playerLEDs: (any PadLightOutput)?
    /// Reads the battery (`nil` for a snapshot), and the battery object once the system reported one.
    private let readBattery: (@Sendable (ControllerInfo) -> PadBattery?)?
    private let deviceBattery = LockedState<GCDeviceBattery?>(nil)
    /// The profile behind ``extendedGamepad`` and ``microGamepad``.
    internal let gamepad: GCExtendedGamepad
    /// Which profiles the controller shows.
    internal let profileKind: ProfileKind
    private let snapshot: Bool
    private let playerIndexState = LockedState(GCControllerPlayerIndex.indexUnset)

    /// The profiles a controller shows: a pad's extended gamepad (and its micro view), or only a micro gamepad (a
    /// snapshot from ``withMicroGamepad()``).
    internal enum ProfileKind {
        case extended
        case micro
    }

    init(info: ControllerInfo, clock: EngineClockMode, source: ControllerSource) {
        self.info = info
        deviceHaptics = GCDeviceHaptics(controller: info, clock: clock, makeDevice: source.makeDevice)
        gamepad = ControllerProfiles.gamepad(for: info, source: source)
        profileKind = .extended
        snapshot = false
        readBattery = source.readBattery
        let lights = source.lights(info)
        deviceLight = lights.flatMap { output in
            guard output.hasColor else { return nil }
            let now = output.currentColor ?? (0, 0, 0)
            return GCDeviceLight(output: output, color: GCColor(red: now.red, green: now.green, blue: now.blue))
        }
        playerLEDs = lights.flatMap { $0.playerLEDCount > 0 ? $0 : nil }
        deviceMotion = info.hasMotion ? GCMotion() : nil
        super.init()
        deviceMotion?.attach(to: self)
    }

    /// A snapshot controller of `info`'s kind, showing `profile`: no haptics, no input, its profiles' values set by
    /// the game.
    init(snapshotOf info: ControllerInfo, profile: ProfileKind, playerIndex: GCControllerPlayerIndex, motion: GCMotion? = nil) {
        self.info = info
        deviceMotion = motion.map { GCMotion(snapshotOf: $0) }
        deviceHaptics = nil
        readBattery = nil
        deviceLight = nil
        playerLEDs = nil
        gamepad = ControllerProfiles.gamepad(for: info, source: .snapshot)
        profileKind = profile
        snapshot = true
        gamepad.markSnapshot()
        playerIndexState.withLock { $0 = playerIndex }
        super.init()
        deviceMotion?.attach(to: self)
    }

    /// A batch of the pad's input events from its `node`: the profile's elements take them (axes scaled with `axes`),
    /// or its ``motion`` those of its motion-sensor node.
    func receive(_ events: [PadInputEvent], axes: [UInt16: PadAxisRange], from node: PadInputNode = .gamepad) {
        if node == .motion {
            deviceMotion?.apply(events, ranges: axes)
        } else {
            gamepad.apply(events, axes: axes, node: node)
        }
    }

    /// The controller was unplugged: its engines stop (`.gameControllerDisconnect`) and a DualSense's triggers write nothing more.
    func disconnect() {
        deviceHaptics?.disconnect()
        (gamepad as? GCDualSenseGamepad)?.triggers.disconnect()
    }
}

/// A completion handler handed to the registry's queue (called once, there).
struct UncheckedCompletion: @unchecked Sendable {
    let body: () -> Void
}
