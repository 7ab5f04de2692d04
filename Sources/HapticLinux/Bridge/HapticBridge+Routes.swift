#if os(Linux)
import HapticAnalysis
import HapticDevices
import HapticSystem

extension HapticBridge {
    /// What a stream should be: its properties, format and the pads it feeds.
    struct DesiredStream {
        var label: String
        var kind: StreamEntry.Kind
        var properties: [(String, String)]
        var format: PipeWireStream.Format
        var channels: (left: Int, right: Int)
        var autoconnect: Bool
        var pads: [String]
    }

    /// The streams the configuration asks for, given the pads and the graph's nodes now.
    func desiredStreams() -> [String: DesiredStream] {
        guard let connection else { return [:] }
        var desired: [String: DesiredStream] = [:]
        let latency = "\(configuration.quantum)/48000"
        let sinks = configuration.sinks
        let dualSenses = padOrder.filter { pads[$0]?.pad.isBluetoothDualSense == true }
        if sinks.bluetooth {
            for (index, id) in dualSenses.enumerated() {
                let others = pads(selectedBy: sinks.pads).filter { $0 != id }
                // The name the USB pad's sink has (PipeWire's ALSA naming; a second pad gets ".2", as PipeWire does).
                let suffix = index == 0 ? "" : ".\(index + 1)"
                let name = "alsa_output.usb-Sony_Interactive_Entertainment_Wireless_Controller-00\(suffix).analog-surround-40"
                desired["sink:" + id] = DesiredStream(
                    label: "Wireless Controller sink\(suffix)", kind: .sink(pad: id),
                    properties: Self.sinkProperties(name: name, description: "Wireless Controller", latency: latency),
                    format: .dualSense, channels: (2, 3), autoconnect: false, pads: [id] + others)
            }
        }
        if sinks.virtual {
            let targets = sinks.pads.isEmpty ? padOrder : pads(selectedBy: sinks.pads)
            desired["sink:virtual"] = DesiredStream(
                label: "virtual Wireless Controller sink", kind: .sink(pad: nil),
                properties: Self.sinkProperties(
                    name: "haptic_bridge.virtual_dualsense.analog-surround-40", description: "Wireless Controller (haptic bridge)",
                    latency: latency),
                format: .dualSense, channels: (2, 3), autoconnect: false, pads: targets)
        }
        let nodes = connection.nodes
        for (rule, capture) in configuration.captures.enumerated() {
            let targets = pads(selectedBy: capture.settings.pads)
            var properties: [(String, String)] = [
                ("media.type", "Audio"), ("media.category", "Capture"), ("media.role", "Game"), ("node.latency", latency),
                ("node.passive", "true"), ("node.dont-reconnect", "true"), (PipeWireNode.bridgeMarker, "capture"),
            ]
            switch capture.source {
            case .monitor:
                properties += [("node.name", "haptic-bridge.capture.monitor"), ("stream.capture.sink", "true")]
                desired["capture:\(rule):monitor"] = DesiredStream(
                    label: "default sink's monitor", kind: .capture(rule: rule), properties: properties, format: .stereo, channels: (0, 1),
                    autoconnect: true, pads: targets)
            case .application(let name), .node(let name):
                let matching = nodes.filter { node in
                    if case .application = capture.source { return node.isPlaybackStream && node.matches(name) }
                    return node.matches(name) && !node.name.hasPrefix("haptic-bridge")
                }
                for node in matching {
                    var streamProperties =
                        properties + [
                            ("node.name", "haptic-bridge.capture.\(node.id)"), ("target.object", node.target),
                        ]
                    if node.mediaClass == "Audio/Sink" { streamProperties.append(("stream.capture.sink", "true")) }
                    desired["capture:\(rule):\(node.id)"] = DesiredStream(
                        label: node.label, kind: .capture(rule: rule), properties: streamProperties, format: .stereo, channels: (0, 1),
                        autoconnect: true, pads: targets)
                }
            }
        }
        return desired
    }

    /// A sink shaped like the DualSense's USB audio device: four channels, the USB pad's identity.
    static func sinkProperties(name: String, description: String, latency: String) -> [(String, String)] {
        [
            ("media.class", "Audio/Sink"), ("node.name", name), ("node.description", description), ("node.nick", "Wireless Controller"),
            ("audio.channels", "4"), ("audio.rate", "48000"), ("audio.position", "[FL,FR,RL,RR]"), ("node.latency", latency),
            ("device.vendor.id", "0x054c"), ("device.product.id", "0x0ce6"), ("device.vendor.name", "Sony Interactive Entertainment"),
            ("device.product.name", "Wireless Controller"), ("device.bus", "usb"), ("device.icon-name", "input-gaming"),
            ("priority.session", "0"), ("priority.driver", "0"), (PipeWireNode.bridgeMarker, "sink"),
        ]
    }

    /// Makes, changes and destroys streams and inputs until they are what ``desiredStreams()`` asks for.
    func reconcileStreams() {
        let desired = desiredStreams()
        for key in Array(streams.keys) where desired[key] == nil { destroyStream(key) }
        let now = MonotonicClock.now()
        for (key, want) in desired.sorted(by: { $0.key < $1.key }) {
            if let entry = streams[key], entry.stream.state == .error {
                destroyStream(key)
                streamRetryAfter[key] = now + 1
            }
            if streams[key] == nil {
                guard now >= streamRetryAfter[key] ?? 0, let connection else { continue }
                do throws(PipeWireError) {
                    let stream = try PipeWireStream(
                        connection: connection, name: want.label, properties: want.properties, format: want.format,
                        left: want.channels.left, right: want.channels.right, autoconnect: want.autoconnect
                    ) { [weak self] state, error in
                        guard let self, state == .error else { return }
                        timingLog?.write("stream error \(want.label): \(error ?? "")")
                        streamTrouble.store(true, ordering: .releasing)
                        wake.signal()
                    }
                    streams[key] = StreamEntry(stream: stream, label: want.label, kind: want.kind, inputs: [:])
                    timingLog?.write("stream added \(key)")
                } catch {
                    streamRetryAfter[key] = now + 1
                    connectProblem = "\(want.label): \(error)"
                    continue
                }
            }
            guard var entry = streams[key] else { continue }
            for id in Array(entry.inputs.keys) where !want.pads.contains(id) {
                if let input = entry.inputs.removeValue(forKey: id), let pad = pads[id] {
                    detach(input, from: entry.stream, pad: pad.output)
                }
            }
            for id in want.pads where entry.inputs[id] == nil {
                guard let pad = pads[id], let input = makeInput(for: entry, pad: pad) else { continue }
                guard pad.output.attach(input) else { continue }
                guard entry.stream.fanOut.attach(input) else {
                    pad.output.detach(input)
                    retired.append(RetiredInput(input: input, stream: nil, pad: (pad.output, pad.output.epoch.snapshot())))
                    continue
                }
                entry.inputs[id] = input
            }
            streams[key] = entry
        }
    }

    /// The input carrying stream `entry` to `pad`, with the route its kinds call for.
    func makeInput(for entry: StreamEntry, pad: PadEntry) -> BridgeInput? {
        let output = pad.output
        let profile = output.device.info.profile
        let processor: RouteProcessor?
        switch entry.kind {
        case .sink:
            processor = try? RouteProcessor(
                mode: output.playsCoils ? .coils : .motors, split: .sides, profile: profile, maxFrames: PadOutput.maxFrames,
                application: configuration.sinks.shape, device: deviceShape(of: pad.pad.info.id), normalizesLoudness: false)
        case .capture(let rule):
            let settings = configuration.captures[rule].settings
            processor = try? RouteProcessor(
                mode: output.playsCoils ? settings.coils : .motors, split: settings.split, profile: profile, maxFrames: PadOutput.maxFrames,
                application: settings.shape, device: deviceShape(of: pad.pad.info.id),
                analysis: AudioAnalysisOptions(sensitivity: settings.sensitivity, maximumTransientRate: 20), normalizesLoudness: true,
                triggerPulses: settings.triggers && output.hasTriggerMotors)
        }
        guard let processor else { return nil }
        return BridgeInput(label: entry.label, wake: output.wake, processor: processor)
    }

    /// Unpublishes `input` from its stream and pad, and keeps it until neither can be using it.
    func detach(_ input: BridgeInput, from stream: PipeWireStream, pad: PadOutput) {
        stream.fanOut.detach(input)
        pad.detach(input)
        retired.append(
            RetiredInput(
                input: input, stream: (stream.fanOut.epoch, stream.fanOut.epoch.snapshot()), pad: (pad, pad.epoch.snapshot())))
    }

    /// Takes stream `key` out of the graph and unplugs its inputs from their pads.
    func destroyStream(_ key: String) {
        guard let entry = streams.removeValue(forKey: key) else { return }
        for (id, input) in entry.inputs {
            entry.stream.fanOut.detach(input)
            if let pad = pads[id] {
                pad.output.detach(input)
                retired.append(RetiredInput(input: input, stream: nil, pad: (pad.output, pad.output.epoch.snapshot())))
            }
        }
        // Destroyed: PipeWire calls its process callback no more.
        entry.stream.destroy()
        timingLog?.write("stream removed \(key)")
    }

    /// Frees the retired inputs no reader can be using any more. At the end (`final`), the streams are destroyed and
    /// their callbacks over; an input a pad thread may still hold — its stop timed out in a slow write — is handed
    /// to that pad, which lets it go when its thread has returned.
    func sweepRetired(final: Bool = false) {
        retired.removeAll { item in
            let padPassed = item.pad.map { $0.output.epoch.hasPassed($0.snapshot) } ?? true
            if final {
                if !padPassed, let pad = item.pad { pad.output.keepUntilStopped(item.input) }
                return true
            }
            return padPassed && (item.stream.map { $0.epoch.hasPassed($0.snapshot) } ?? true)
        }
    }

    /// Publishes what the status shows.
    func publishStatus() {
        var status = BridgeStatus()
        status.pipeWire =
            connection != nil
            ? "connected (libpipewire \(connection!.library.version)), quantum \(configuration.quantum) frames"
            : (connectProblem ?? "connecting")
        status.isConnected = connection != nil
        status.pads = padOrder.compactMap { id in
            guard let entry = pads[id] else { return nil }
            let routes = streams.values.filter { $0.inputs[id] != nil }.map(\.label).sorted()
            let figures = latencies.filter { $0.key.hasPrefix(id + "\u{1F}") }.map { (key, values) in
                BridgeStatus.Latency(route: String(key.dropFirst(id.count + 1)), samples: values)
            }.sorted { $0.route < $1.route }
            return BridgeStatus.Pad(
                number: entry.number, id: id, name: entry.pad.info.name, device: entry.output.device.info.id,
                playsCoils: entry.output.playsCoils, routes: routes, latencies: figures, output: entry.output)
        }
        status.sources = streams.sorted { $0.key < $1.key }.map { key, entry in
            let targets = padOrder.filter { entry.inputs[$0] != nil }.compactMap { pads[$0]?.number }
            return BridgeStatus.Source(key: key, label: entry.label, padNumbers: targets, fanOut: entry.stream.fanOut)
        }
        status.problems = discoveryProblems + padProblems.keys.sorted().compactMap { padProblems[$0] }
        shared.withLock { $0 = status }
    }
}
#endif
