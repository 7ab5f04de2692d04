/// Where Apple's GameController facade (OpenGameController) gets its controllers, their devices and their input: the
/// one seam between that facade and the platform, as `CHHapticEngine.DeviceSource` is for the engine.
///
///     let registry = ControllerRegistry(source: .system())                 // the machine's pads (HapticLinux)
///     let scripted = ControllerRegistry(source: ControllerSource(          // a test: no device node anywhere
///         discover: { ControllerSource.Discovery(controllers: [pad], problems: []) },
///         makeDevice: { _ in RecordingDevice(capacityFrames: 4_800) }))
///
/// The system source is HapticLinux's (`ControllerSource.linux(environment:)`: evdev nodes, hidraw, ALSA, the device
/// monitor, the pads' input reader), reached through OpenCoreHaptics' `ControllerSource.system(environment:)`, so
/// OpenGameController never imports the Linux wing. A test builds one from closures: discovery, hot-plug and input
/// are then whatever it scripts.
///
/// - Thread safety: a value of `@Sendable` closures; each may be called from any thread.
package struct ControllerSource: Sendable {
    /// Makes the device that plays a controller's actuators (every engine of one controller shares it).
    package typealias DeviceMaker = @Sendable (ControllerInfo) throws -> any HapticDevice

    /// What ``discover`` found.
    package struct Discovery: Sendable, Hashable {
        /// The controllers, in the order the app sees them (real ones first).
        package var controllers: [ControllerInfo]
        /// Problems worth telling a user: a malformed `HAPTIC_CONTROLLERS`, an unreadable input directory.
        package var problems: [String]

        /// A discovery of `controllers`, with `problems`.
        package init(controllers: [ControllerInfo], problems: [String] = []) {
            self.controllers = controllers
            self.problems = problems
        }
    }

    /// A controller plugged in or out while watched.
    package enum Change: Sendable, Hashable {
        /// A controller appeared.
        case connected(ControllerInfo)
        /// The controller with this ``ControllerInfo/id`` went away.
        case disconnected(id: String)
    }

    /// Finds the controllers present now.
    package var discover: @Sendable () -> Discovery
    /// Starts watching for controllers plugged in and out: `known` are the controllers ``discover`` found (one gone
    /// before the watch began is reported as disconnected), `handler` gets each change, in order, on one thread at a
    /// time. Returns how to stop watching, or `nil` when there is nothing to watch (no input directory).
    package var watch: @Sendable (_ known: [ControllerInfo], _ handler: @escaping @Sendable (Change) -> Void) -> (@Sendable () -> Void)?
    /// Makes the device that plays a controller's actuators.
    package var makeDevice: DeviceMaker
    /// Where a DualSense's adaptive-trigger effects go (its hidraw node, a simulated pad's record, or an output that
    /// refuses every write with the reason).
    package var triggerOutput: @Sendable (ControllerInfo) -> any DualSenseTriggerOutput
    /// Starts reading real pads' input: `handler` gets each batch of events a pad sends (with the ID of its
    /// controller). `nil` when this source reads no input (simulated pads are given theirs by tests).
    package var readInput: @Sendable (_ handler: @escaping @Sendable (PadInputBatch) -> Void) -> (any PadInputReading)?
    /// Reads a controller's battery now: `nil` when it has none, or it cannot be read.
    package var readBattery: @Sendable (ControllerInfo) -> PadBattery?
    /// A controller's light and player LEDs, or `nil` when it has neither.
    package var lights: @Sendable (ControllerInfo) -> (any PadLightOutput)?
    /// The SDL game controller mappings (`SDL_GAMECONTROLLERCONFIG`, `SDL_GAMECONTROLLERCONFIG_FILE`): a pad that
    /// has one gets its input through it instead of the kernel's gamepad layout.
    package var mappings: PadMappingDatabase

    /// A source from its parts; by default nothing is watched, every DualSense's triggers refuse writes, no input is
    /// read, no controller has a battery or lights, and there are no mappings.
    package init(
        discover: @escaping @Sendable () -> Discovery,
        watch: @escaping @Sendable ([ControllerInfo], @escaping @Sendable (Change) -> Void) -> (@Sendable () -> Void)? = { _, _ in nil },
        makeDevice: @escaping DeviceMaker,
        triggerOutput: @escaping @Sendable (ControllerInfo) -> any DualSenseTriggerOutput = { info in
            UnavailableTriggerOutput(problem: "\(info.name) (\(info.id)): this controller source has no trigger output")
        },
        readInput: @escaping @Sendable (@escaping @Sendable (PadInputBatch) -> Void) -> (any PadInputReading)? = { _ in nil },
        readBattery: @escaping @Sendable (ControllerInfo) -> PadBattery? = { _ in nil },
        lights: @escaping @Sendable (ControllerInfo) -> (any PadLightOutput)? = { _ in nil },
        mappings: PadMappingDatabase = PadMappingDatabase()
    ) {
        self.discover = discover
        self.watch = watch
        self.makeDevice = makeDevice
        self.triggerOutput = triggerOutput
        self.readInput = readInput
        self.readBattery = readBattery
        self.lights = lights
        self.mappings = mappings
    }
}

/// Input events one pad sent, read together (one `read` of its node, or one scripted step of a test).
package struct PadInputBatch: Sendable, Hashable {
    /// The ``ControllerInfo/id`` of the pad's controller.
    package var controllerID: String
    /// The buttons and axes that changed, in the order the pad sent them.
    package var events: [PadInputEvent]
    /// Whether the batch is the player using the pad: a button pressed, or an axis moved beyond its dead zone
    /// (``PadActivityFilter``, judged where the axes' ranges are known).
    package var isUse: Bool
    /// The ranges of the pad's absolute axes, by evdev code, as its driver gives them (`EVIOCGABS`).
    package var axes: [UInt16: PadAxisRange]
    /// Which of the pad's nodes sent the batch.
    package var node: PadInputNode

    /// A batch of `events` from the controller `controllerID`'s `node`, whose axes have the ranges `axes`.
    package init(
        controllerID: String, events: [PadInputEvent], isUse: Bool, axes: [UInt16: PadAxisRange] = [:], node: PadInputNode = .gamepad
    ) {
        self.controllerID = controllerID
        self.events = events
        self.isUse = isUse
        self.axes = axes
        self.node = node
    }
}

/// Which evdev node of a pad input came from: the kernel gives a DualSense's or DualShock 4's touchpad a node of its
/// own (``ControllerInfo/touchpadPath``), whose `ABS_X` is a finger, not the left stick, and a pad's motion sensors
/// another (``ControllerInfo/motionPath``), whose `ABS_X` is an acceleration.
package enum PadInputNode: Sendable, Hashable {
    /// The gamepad's own node: buttons, sticks, triggers, d-pad.
    case gamepad
    /// The touchpad's node: its click (`BTN_LEFT`) and touch points (`ABS_MT_SLOT`, `ABS_MT_TRACKING_ID`,
    /// `ABS_MT_POSITION_X`, `ABS_MT_POSITION_Y`).
    case touchpad
    /// The motion sensors' node (`INPUT_PROP_ACCELEROMETER`): acceleration as `ABS_X`, `ABS_Y`, `ABS_Z` and angular
    /// velocity as `ABS_RX`, `ABS_RY`, `ABS_RZ`, scaled by each axis's ``PadAxisRange/resolution``. Read only while
    /// the app asks for motion (``PadInputReading/setMotionActive(_:_:)``); never a use of the pad.
    case motion
}

/// A running reader of pads' input (see ``ControllerSource/readInput``).
///
/// - Thread safety: every method from any thread.
package protocol PadInputReading: Sendable {
    /// Starts reading `controller`'s input (again, if it was read before). Before it returns, the reader delivers the
    /// pad's present state through its handler when it can read one (the buttons held, the axes away from their rest,
    /// as one batch): the caller announces the pad after this, and evdev sends only changes.
    func watch(_ controller: ControllerInfo)
    /// Stops reading `controller`'s input.
    func forget(_ controller: ControllerInfo)
    /// Stops reading every pad.
    func stop()
    /// Starts (`true`) or stops reading `controller`'s motion-sensor node (``ControllerInfo/motionPath``), while the pad
    /// is watched: motion sensors report hundreds of times a second, so their node is read only while the app wants
    /// motion (Apple's `GCMotion.sensorsActive`).
    func setMotionActive(_ controller: ControllerInfo, _ active: Bool)
}

extension PadInputReading {
    /// Reads no motion: a reader of pads without motion-sensor nodes.
    package func setMotionActive(_ controller: ControllerInfo, _ active: Bool) {}
}

/// The trigger output of a DualSense whose triggers cannot be written (no hidraw node beside its evdev node, or a
/// source without trigger output): every write fails with the reason.
package final class UnavailableTriggerOutput: DualSenseTriggerOutput {
    /// Reports would be encoded for USB (none is ever written).
    package let transport = DualSenseTransport.usb
    /// Why the triggers cannot be set.
    package let problem: String?

    /// An output that refuses every write with `problem`.
    package init(problem: String) { self.problem = problem }

    /// Refuses the write: ``DeviceError/Code/unsupported`` with ``problem``.
    package func apply(left: DualSenseTriggerEffect?, right: DualSenseTriggerEffect?) throws(DeviceError) {
        throw DeviceError(.unsupported, problem ?? "no trigger output")
    }

    /// Nothing to do: nothing is ever written.
    package func disconnect() {}

    /// `nil`: there is no input report to read.
    package func latestInput() -> DualSenseTriggerFeedback? { nil }
}
