/// A game controller as the device layer finds it: its identity and which device plays its actuators.
///
/// Real controllers are evdev nodes with force feedback and gamepad buttons (a vibrator without buttons is not a
/// controller); simulated ones come from `HAPTIC_CONTROLLERS` (see `ControllerDiscovery` in HapticLinux).
public struct ControllerInfo: Sendable, Hashable {
    /// A stable identifier: `evdev:/dev/input/event5` or `simulated:xbox#1`.
    public var id: String
    /// The name the kernel gives the device ("Sony Interactive Entertainment DualSense Wireless Controller"), or the
    /// simulated controller's.
    public var name: String
    /// The kind of controller.
    public var category: ControllerCategory
    /// The USB vendor ID (0 when unknown).
    public var vendorID: UInt16
    /// The USB product ID (0 when unknown).
    public var productID: UInt16
    /// The bus, `BUS_USB` (3), `BUS_BLUETOOTH` (5), `BUS_VIRTUAL` (6), … (0 when unknown or simulated).
    public var busType: UInt16
    /// The device's version (`EVIOCGID`'s `version`; 0 when unknown or simulated): with the bus, vendor and product, it
    /// makes the SDL GUID a mapping line names (`PadMappingGUID`).
    public var version: UInt16
    /// Every button and key code the pad's evdev node reports (`EVIOCGBIT(EV_KEY)`), ascending: SDL's mapping lines
    /// number buttons by their place among these (`JoystickNumbering`). Empty when unknown or simulated.
    public var keyCodes: [UInt16]
    /// What it can play.
    public var actuators: ControllerActuators
    /// The ID (as `HAPTIC_DEVICE` takes it) of the device that plays the handles: the evdev node, or for a DualSense
    /// with its USB audio interface, the ALSA PCM whose rear channels drive the voice coils.
    public var hapticDeviceID: String
    /// The evdev node, for real controllers.
    public var evdevPath: String?
    /// The simulated controller's model, for simulated ones.
    public var simulation: SimulatedControllerSpec?
    /// The hidraw node beside the evdev node, for a real DualSense (its adaptive triggers are written there).
    public var hidrawPath: String?
    /// The evdev node of the pad's touchpad, for a real DualSense or DualShock 4: the kernel gives the touchpad a node
    /// of its own beside the gamepad's (its click as `BTN_LEFT`, its two touch points as `ABS_MT_*` slots).
    public var touchpadPath: String?
    /// The evdev node of the pad's motion sensors, for a real pad whose driver gives it one (hid-playstation,
    /// hid-sony, hid-nintendo): the input device beside the gamepad's, under the same HID device, with the property
    /// `INPUT_PROP_ACCELEROMETER` (its accelerometer as `ABS_X`/`ABS_Y`/`ABS_Z`, its gyroscope as `ABS_RX`/`ABS_RY`/`ABS_RZ`).
    public var motionPath: String?
    /// The buttons the pad has beyond the kernel's basic gamepad layout, by evdev code: an Xbox Elite's paddles
    /// (`BTN_TRIGGER_HAPPY5` … `BTN_TRIGGER_HAPPY8`), an Xbox Series pad's share button (`KEY_RECORD`). Its profile
    /// has those elements only when the pad reports them.
    public var extraButtons: Set<UInt16>
    /// The `power_supply` directory in sysfs of the pad's battery, when its driver registers one (hid-playstation's
    /// `…/power_supply/ps-controller-battery-<MAC>`).
    public var batteryPath: String?

    /// Creates a description.
    public init(
        id: String, name: String, category: ControllerCategory, vendorID: UInt16 = 0, productID: UInt16 = 0, busType: UInt16 = 0,
        actuators: ControllerActuators, hapticDeviceID: String, evdevPath: String? = nil, simulation: SimulatedControllerSpec? = nil,
        hidrawPath: String? = nil, touchpadPath: String? = nil, extraButtons: Set<UInt16> = [], batteryPath: String? = nil,
        version: UInt16 = 0, keyCodes: [UInt16] = [], motionPath: String? = nil
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.vendorID = vendorID
        self.productID = productID
        self.busType = busType
        self.version = version
        self.keyCodes = keyCodes.sorted()
        self.actuators = actuators
        self.hapticDeviceID = hapticDeviceID
        self.evdevPath = evdevPath
        self.simulation = simulation
        self.hidrawPath = hidrawPath
        self.touchpadPath = touchpadPath
        self.extraButtons = extraButtons
        self.batteryPath = batteryPath
        self.motionPath = motionPath
    }

    /// `BTN_TRIGGER_HAPPY5` … `BTN_TRIGGER_HAPPY8`: an Xbox Elite's paddles P1 … P4 (upper right, lower right, upper
    /// left, lower left), as xpad reports them.
    public static let paddleButtons: [UInt16] = [0x2C4, 0x2C5, 0x2C6, 0x2C7]
    /// `KEY_RECORD`: an Xbox Series pad's share button, as xpad reports it.
    public static let shareButton: UInt16 = 0xA7

    /// Whether the pad has motion sensors: a motion-sensor node, or a simulated pad declared with motion
    /// (`simulated:dualsense+motion`).
    public var hasMotion: Bool { motionPath != nil || simulation?.hasMotion == true }

    /// Whether this is a simulated controller.
    public var isSimulated: Bool { simulation != nil }
}
