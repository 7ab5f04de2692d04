#if os(Linux)
import HapticDevices
import HapticSystem

extension HapticBridge {
    /// Whether the controllers file's size or modification time changed since the last look.
    func controllersFileChanged() -> Bool {
        guard let controllersFile else { return false }
        let stamp =
            (try? Posix.stat(controllersFile)).map { info in
                (Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec), Int(info.st_size))
            } ?? (-1, -1)
        defer { controllersFileStamp = stamp }
        guard let previous = controllersFileStamp else { return false }
        return previous != stamp
    }

    /// Finds the pads present now; opens the new ones and lets the missing ones go.
    func rescanPads() {
        let found = BridgePad.discovered(environment: environment, controllersFile: controllersFile)
        discoveryProblems = found.problems
        let candidates = found.pads + extraPads
        let present = Set(candidates.map(\.info.id))
        for id in Array(pads.keys) where !present.contains(id) { removePad(id, reason: "gone") }
        for (index, candidate) in candidates.enumerated() {
            let id = candidate.info.id
            if var entry = pads[id] {
                entry.number = index + 1
                pads[id] = entry
                continue
            }
            guard !lostSingleUse.contains(id) else { continue }
            do throws(DeviceError) {
                let output = PadOutput(controller: candidate.info, device: try candidate.makeDevice(), lossSignal: wake)
                try output.start()
                pads[id] = PadEntry(pad: candidate, output: output, number: index + 1)
                padOrder.append(id)
                padProblems[id] = nil
                timingLog?.write("pad added pad=\(id)")
            } catch {
                padProblems[id] = "\(candidate.info.name): \(error)"
            }
        }
        padOrder = candidates.map(\.info.id).filter { pads[$0] != nil }
    }

    /// Unplugs pad `id` from every stream and stops it (its actuators silenced).
    func removePad(_ id: String, reason: String?) {
        guard let entry = pads.removeValue(forKey: id) else { return }
        // Its own sink goes with it; inputs of other streams that fed it are unpublished.
        for (key, stream) in streams {
            if case .sink(let pad) = stream.kind, pad == id {
                destroyStream(key)
            } else if let input = stream.inputs[id] {
                detach(input, from: stream.stream, pad: entry.output)
                streams[key]?.inputs[id] = nil
            }
        }
        entry.output.stop()
        if entry.pad.isSingleUse { lostSingleUse.insert(id) }
        padOrder.removeAll { $0 == id }
        latencies = latencies.filter { !$0.key.hasPrefix(id + "\u{1F}") }
        lastInput[id] = nil
        if let reason { timingLog?.write("pad removed pad=\(id) reason=\(reason)") }
    }

    /// Collects the pads' timing events: pairs each hit reaching a pad with the last hit that arrived on its inputs,
    /// and lets lost pads go.
    ///
    /// - Returns: whether there were any.
    @discardableResult
    func collectPadEvents() -> Bool {
        var any = false
        var lost: [String] = []
        for (id, entry) in pads {
            while let event = entry.output.events.pop() {
                any = true
                switch event.kind {
                case .inputOnset:
                    let route = routeLabel(pad: id, slot: Int(event.slot))
                    lastInput[id] = (event.time, route)
                    timingLog?.write("input t=\(fixed(event.time, 6)) pad=\(id) route=\(route) level=\(fixed(Double(event.level), 3))")
                case .outputOnset:
                    timingLog?.write("output t=\(fixed(event.time, 6)) pad=\(id) level=\(fixed(Double(event.level), 3))")
                    // A quantum's frames arrive together, so a hit late in one can reach a motor before it was due: a pair
                    // may be up to 50 ms "early".
                    if let input = lastInput[id], event.time - input.time > -0.05, event.time - input.time < 0.2 {
                        let latency = event.time - input.time
                        latencies[id + "\u{1F}" + input.route, default: []].append(latency)
                        if latencies[id + "\u{1F}" + input.route]!.count > 500 { latencies[id + "\u{1F}" + input.route]!.removeFirst() }
                        timingLog?.write(
                            "latency pad=\(id) route=\(input.route) in=\(fixed(input.time, 6)) out=\(fixed(event.time, 6)) ms=\(fixed(latency * 1_000, 2))"
                        )
                        lastInput[id] = nil
                    }
                case .silenced:
                    timingLog?.write("silenced t=\(fixed(event.time, 6)) pad=\(id)")
                case .deviceLost:
                    lost.append(id)
                    timingLog?.write("lost t=\(fixed(event.time, 6)) pad=\(id) errno=\(event.code)")
                }
            }
            if entry.output.isLost, !lost.contains(id) { lost.append(id) }
        }
        for id in lost {
            padProblems[id] = "\(pads[id]?.pad.info.name ?? id): the pad was removed"
            removePad(id, reason: "removed")
        }
        return any || !lost.isEmpty
    }

    /// The label of the route in `slot` of pad `id`: its stream's.
    private func routeLabel(pad id: String, slot: Int) -> String {
        guard let output = pads[id]?.output else { return "?" }
        for stream in streams.values {
            if let input = stream.inputs[id], output.slotIndex(of: input) == slot { return stream.label }
        }
        return "route \(slot)"
    }

    /// Whether `selector` selects pad `id`.
    func selects(_ selector: BridgeConfiguration.PadSelector, pad id: String) -> Bool {
        guard let entry = pads[id] else { return false }
        let info = entry.pad.info
        switch selector {
        case .all: return true
        case .number(let number): return entry.number == number
        case .category(let category):
            switch category {
            case "dualsense": return info.category == .dualSense
            case "xbox": return info.category == .xboxOne
            case "bluetooth": return entry.pad.isBluetoothDualSense
            default: return info.category == .generic
            }
        case .name(let name): return info.id == name || info.name.lowercased().contains(name.lowercased())
        }
    }

    /// The pads `selectors` select, in pad order.
    func pads(selectedBy selectors: [BridgeConfiguration.PadSelector]) -> [String] {
        padOrder.filter { id in selectors.contains { selects($0, pad: id) } }
    }

    /// The device shape of pad `id`.
    func deviceShape(of id: String) -> LevelShape {
        configuration.shape { selects($0, pad: id) }
    }
}
#endif
