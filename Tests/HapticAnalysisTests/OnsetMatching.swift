/// How well found onsets match true ones: each true onset is matched to at most one found onset within the
/// tolerance, closest pairs first.
struct OnsetMatching: CustomStringConvertible {
    /// Found onsets that match a true one.
    var matched: Int
    /// Onsets found.
    var found: Int
    /// True onsets.
    var truth: Int
    /// The largest time error among the matched pairs, in seconds.
    var worstError: Double

    init(found: [Double], truth: [Double], tolerance: Double) {
        var pairs: [(error: Double, found: Int, truth: Int)] = []
        for (i, f) in found.enumerated() {
            for (j, t) in truth.enumerated() where abs(f - t) <= tolerance { pairs.append((abs(f - t), i, j)) }
        }
        pairs.sort { ($0.error, $0.found, $0.truth) < ($1.error, $1.found, $1.truth) }
        var usedFound = Set<Int>()
        var usedTruth = Set<Int>()
        var worst = 0.0
        for pair in pairs where !usedFound.contains(pair.found) && !usedTruth.contains(pair.truth) {
            usedFound.insert(pair.found)
            usedTruth.insert(pair.truth)
            worst = Swift.max(worst, pair.error)
        }
        matched = usedFound.count
        self.found = found.count
        self.truth = truth.count
        worstError = worst
    }

    /// Matched / found (1 when nothing was found and nothing was there).
    var precision: Double { found == 0 ? (truth == 0 ? 1 : 0) : Double(matched) / Double(found) }
    /// Matched / true (1 when nothing was there).
    var recall: Double { truth == 0 ? 1 : Double(matched) / Double(truth) }

    var description: String {
        "\(matched) of \(found) found match \(truth) true: precision \(format(precision)), recall \(format(recall)), worst error \(Int((worstError * 1000).rounded())) ms"
    }

    private func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
