// libFuzzer harness: untrusted `HAPTIC_DEVICE` / `--device` strings → DeviceSpecifier, with invariants: a string is
// either refused with a message or accepted within the grammar's ranges (an ALSA configuration's channel count,
// channel numbers, latency and period layout), and an accepted one's `id` reads back as itself. Nothing is opened:
// the harness also runs device selection with the string as HAPTIC_DEVICE only for the kinds that open nothing.

import HapticDevices
import HapticLinux
import HapticRender

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzDeviceString invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeviceString(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let specifier: DeviceSpecifier
    do {
        specifier = try DeviceSpecifier(parsing: text)
    } catch {
        require(error.code == .notFound && !error.message.isEmpty, "refused without a message: \(error)")
        require(error.message.utf8.count < 1_000, "a message of \(error.message.utf8.count) bytes")
        return 0
    }
    switch specifier {
    case .alsa(let configuration):
        require(AlsaConfiguration.channelCountRange.contains(configuration.channelCount), "\(configuration.channelCount) channels")
        require(configuration.audioChannels.count <= 2, "audio \(configuration.audioChannels)")
        for channel in configuration.audioChannels + configuration.hapticChannels {
            require(channel >= 0 && channel < configuration.channelCount, "channel \(channel) of \(configuration.channelCount)")
        }
        require(Set(configuration.hapticChannels).count == configuration.hapticChannels.count, "haptic \(configuration.hapticChannels)")
        require(AlsaConfiguration.latencyRange.contains(configuration.latency), "latency \(configuration.latency)")
        if let periods = configuration.periods {
            require(AlsaConfiguration.PeriodLayout.frameRange.contains(periods.frames), "period \(periods.frames)")
            require(AlsaConfiguration.PeriodLayout.countRange.contains(periods.count), "periods \(periods.count)")
        }
        // What the PCM start converts: these must not trap.
        _ = UInt32(configuration.channelCount)
        _ = UInt32(configuration.latency * 1e6)
    case .wav(let path), .evdev(let path):
        require(!path.isEmpty && path.utf8.count <= DeviceSpecifier.maxPathBytes && !path.utf8.contains(0), "path '\(path)'")
    case .null, .simulated: break
    }
    let id = specifier.id
    do {
        let again = try DeviceSpecifier(parsing: id)
        require(again.id == id, "'\(id)' reads back as '\(again.id)'")
    } catch {
        require(false, "'\(id)' (from an accepted string) is refused: \(error)")
    }
    // Selection with this HAPTIC_DEVICE, for the kinds that open nothing (no node, file or PCM is touched).
    switch specifier {
    case .null, .simulated:
        let selection = DeviceDiscovery.defaultSelection(environment: ["HAPTIC_DEVICE": text], meter: .off)
        require(selection.overrideProblem == nil, "'\(text)' parsed but was not usable: \(selection.reason)")
    default: break
    }
    return 0
}
