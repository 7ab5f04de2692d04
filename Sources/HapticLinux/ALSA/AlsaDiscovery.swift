#if os(Linux)
import HapticSystem
import HapticDevices
import HapticRender

/// Finds ALSA outputs from `/proc/asound/cards`: every card's `hw:N` as an audio device, and the haptic PCM of
/// known haptic controllers (the DualSense's 4-channel USB audio: voice coils on the rear pair).
package enum AlsaDiscovery {
    /// One card line of `/proc/asound/cards` (` 1 [Controller     ]: USB-Audio - DualSense Wireless Controller`).
    package struct Card: Sendable, Hashable {
        /// The card number.
        package var index: Int
        /// The short id (`Controller`).
        package var id: String
        /// The long name.
        package var name: String
    }

    /// Parses `/proc/asound/cards` text.
    package static func parseCards(_ text: String) -> [Card] {
        var cards: [Card] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard let space = trimmed.firstIndex(of: " "), let index = Int(trimmed[..<space]),
                let open = trimmed.firstIndex(of: "["), let close = trimmed.firstIndex(of: "]")
            else { continue }
            let id = trimmed[trimmed.index(after: open)..<close].trimmingSpaces()
            let rest = trimmed[trimmed.index(after: close)...]
            let name = rest.firstRange(of: " - ").map { String(rest[$0.upperBound...]) } ?? String(rest.dropFirst(2))
            cards.append(Card(index: index, id: id, name: name.trimmingSpaces()))
        }
        return cards
    }

    /// The devices for `cards`.
    package static func devices(for cards: [Card]) -> [DiscoveredDevice] {
        var result: [DiscoveredDevice] = []
        for card in cards {
            if card.name.contains("DualSense") {
                let configuration = AlsaConfiguration(
                    pcm: "hw:\(card.index)", channelCount: 4, audioChannels: [0, 1], hapticChannels: [2, 3], profile: .voiceCoil)
                result.append(
                    DiscoveredDevice(
                        info: DeviceInfo(
                            id: configuration.id, name: "\(card.name) (voice coils)", kind: .alsa, supportsHaptics: true,
                            supportsAudio: true, isHardware: true, profile: .voiceCoil),
                        capabilities: ["PCM 4 ch", "haptic drive → channels 3/4", "audio → channels 1/2"]))
            } else {
                result.append(
                    DiscoveredDevice(
                        info: DeviceInfo(
                            id: "alsa:hw:\(card.index)", name: card.name, kind: .alsa, supportsHaptics: false,
                            supportsAudio: true, isHardware: true, profile: .voiceCoil),
                        capabilities: ["PCM stereo audio"]))
            }
        }
        return result
    }

    /// Loads libasound and lists the cards.
    package static func scan(cardsFile: String = "/proc/asound/cards") -> (
        devices: [DiscoveredDevice], skipped: [SkippedDevice], notes: [String]
    ) {
        if let problem = AlsaLibrary.loadProblem { return ([], [], [problem]) }
        guard let text = readSmallFile(cardsFile) else {
            return ([], [SkippedDevice(id: "alsa", reason: "\(cardsFile) is missing: no ALSA sound cards", code: .notFound)], [])
        }
        let cards = parseCards(text)
        if cards.isEmpty {
            return ([], [SkippedDevice(id: "alsa", reason: "no ALSA sound cards (\(cardsFile) lists none)", code: .notFound)], [])
        }
        return (devices(for: cards), [], [])
    }

    private static func readSmallFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > 1 << 20 { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
extension String {
    fileprivate func trimmingSpaces() -> String { Substring(self).trimmingSpaces() }
}
#endif
