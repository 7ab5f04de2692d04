/// One line of an SDL game controller mapping (the `gamecontrollerdb.txt` format SDL2 reads from
/// `SDL_GAMECONTROLLERCONFIG` and `SDL_GAMECONTROLLERCONFIG_FILE`): which pad it is for, and which of the pad's
/// joystick buttons, axes and hats is which gamepad element.
///
///     03000000aaaa0000bbbb000011010000,Arcade Stick,a:b2,b:b1,leftx:a0,lefty:a1,dpup:h0.1,platform:Linux,
///
/// The joystick numbers are SDL's for the pad's evdev node (``JoystickNumbering``). A binding takes one input (a
/// button `bN`, an axis `aN` — or half of it, `+aN`/`-aN`, inverted with a trailing `~` — or one direction of a hat,
/// `hN.M`) to one output (a button name, or an axis name, a stick's with an optional `+`/`-` for half of it).
/// OpenGameController routes a matching pad's input through it (see `MappedGamepadLayout`). The format is SDL's
/// (credit: the SDL project, zlib licence); this is our own reading of it.
package struct PadMapping: Sendable, Hashable {
    /// The pad the line is for.
    package var guid: PadMappingGUID
    /// The name the line gives the pad.
    package var name: String
    /// The bindings, in the line's order.
    package var bindings: [Binding]
    /// Where the line came from (for messages): the source and the line number.
    package var origin: String
    /// The CRC-16 of the name of the only pad the line is for (its GUID's bytes 2 … 3 when not 0, else its `crc:`
    /// field, as SDL2 takes them), or `nil` for a line for any pad of its GUID.
    package var crc: UInt16?

    /// A mapping of `guid`, named `name`, for the pad whose name has `crc` (`nil`: any pad of `guid`).
    package init(guid: PadMappingGUID, name: String, bindings: [Binding], origin: String = "", crc: UInt16? = nil) {
        self.guid = guid
        self.name = name
        self.bindings = bindings
        self.origin = origin
        self.crc = crc
    }

    /// One `output:input` pair of a line.
    package struct Binding: Sendable, Hashable {
        /// The gamepad element that takes the input.
        package var output: Output
        /// The pad's joystick input.
        package var input: Input

        /// A binding of `input` to `output`.
        package init(output: Output, input: Input) {
            self.output = output
            self.input = input
        }
    }

    /// Which part of an axis a binding uses: all of it, or the half above (`+`) or below (`-`) its middle.
    package enum Half: Sendable, Hashable {
        /// The whole axis.
        case full
        /// From the middle up (`+`).
        case positive
        /// From the middle down (`-`).
        case negative
    }

    /// A gamepad element, by SDL's name.
    package enum Output: Sendable, Hashable {
        /// A button.
        case button(Button)
        /// An axis, or (sticks only) half of one.
        case axis(Axis, Half)
    }

    /// A joystick input of the pad, by SDL's numbering.
    package enum Input: Sendable, Hashable {
        /// Button `index` (`bN`).
        case button(index: Int)
        /// Axis `index` (`aN`), all or half of it, inverted or not (`~`).
        case axis(index: Int, half: Half, inverted: Bool)
        /// The directions `mask` of hat `index` (`hN.M`: 1 up, 2 right, 4 down, 8 left).
        case hat(index: Int, mask: Int)
    }

    /// SDL2's gamepad buttons, by the names mapping lines use.
    package enum Button: String, Sendable, Hashable, CaseIterable {
        /// The bottom face button.
        case a
        /// The right face button.
        case b
        /// The left face button.
        case x
        /// The top face button.
        case y
        /// Back, Select, View (Apple's options button).
        case back
        /// The Xbox or PS button (Apple's home button).
        case guide
        /// Start (Apple's menu button).
        case start
        /// The left stick's button.
        case leftstick
        /// The right stick's button.
        case rightstick
        /// The left shoulder.
        case leftshoulder
        /// The right shoulder.
        case rightshoulder
        /// The d-pad's up.
        case dpup
        /// The d-pad's down.
        case dpdown
        /// The d-pad's left.
        case dpleft
        /// The d-pad's right.
        case dpright
        /// An extra button: an Xbox Series pad's share button, a DualSense's microphone button, a Switch Pro's capture.
        case misc1
        /// An Xbox Elite's paddle P1.
        case paddle1
        /// An Xbox Elite's paddle P3.
        case paddle2
        /// An Xbox Elite's paddle P2.
        case paddle3
        /// An Xbox Elite's paddle P4.
        case paddle4
        /// A DualSense's or DualShock 4's touchpad click.
        case touchpad
    }

    /// SDL2's gamepad axes, by the names mapping lines use.
    package enum Axis: String, Sendable, Hashable, CaseIterable {
        /// The left stick, across (right positive).
        case leftx
        /// The left stick, up and down (down positive, as SDL; Apple's is up positive).
        case lefty
        /// The right stick, across.
        case rightx
        /// The right stick, up and down.
        case righty
        /// The left trigger.
        case lefttrigger
        /// The right trigger.
        case righttrigger

        /// Whether this is a trigger (0 … 1) rather than a stick's axis (−1 … 1).
        package var isTrigger: Bool { self == .lefttrigger || self == .righttrigger }
    }
}
