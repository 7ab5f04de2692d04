// Driver for vue-native's macOS HapticsModule: calls it as the JavaScript bridge does; the module plays on the main
// queue, which CorpusRecording runs.
let module = HapticsModule()
for (method, args) in [("vibrate", ["heavy"]), ("notificationFeedback", ["success"]), ("selectionChanged", [])] {
    module.invoke(method: method, args: args) { _, error in
        if let error { print("\(method): \(error)") }
    }
}
CorpusRecording.finishWhenHeard()
