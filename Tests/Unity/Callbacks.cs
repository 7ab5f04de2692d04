// Every callback the tests hand to the library: static delegates (kept alive in static fields for the whole run, as
// the plug-in keeps its own), recording what arrived, on which thread, for the tests to inspect and wait on.
using System;
using System.Collections.Generic;
using System.Threading;

namespace OpenCoreHaptics.UnityTests
{
    /// One error callback: the pointer it came with, the code and message, and whether it came on the calling thread.
    public sealed class ReceivedError
    {
        public IntPtr Pointer;
        public int Code;
        public string Message;
        public int ThreadId;
        public bool HadPointer;

        public override string ToString()
        {
            return string.Format("error {0} (pointer 0x{1:x}): {2}", Code, Pointer.ToInt64(), Message ?? "<null>");
        }
    }

    public static class Callbacks
    {
        static readonly object gate = new object();
        static readonly List<ReceivedError> errors = new List<ReceivedError>();
        static readonly List<IntPtr> completions = new List<IntPtr>();
        static readonly List<IntPtr> replacedCompletions = new List<IntPtr>();
        static readonly List<IntPtr> allFinished = new List<IntPtr>();
        static readonly List<KeyValuePair<IntPtr, CHHapticEngineStoppedReason>> stops = new List<KeyValuePair<IntPtr, CHHapticEngineStoppedReason>>();
        static readonly List<IntPtr> resets = new List<IntPtr>();
        static readonly List<KeyValuePair<int, string>> logLines = new List<KeyValuePair<int, string>>();

        public static readonly ErrorCallback OnCreateError = RecordCreateError;
        public static readonly ErrorWithPointerCallback OnError = RecordError;
        public static readonly SuccessWithPointerCallback OnCompletion = RecordCompletion;
        public static readonly SuccessWithPointerCallback OnReplacedCompletion = RecordReplacedCompletion;
        public static readonly AllPlayersFinishedStatic OnAllPlayersFinished = RecordAllFinished;
        public static readonly GenericCallback<IntPtr, CHHapticEngineStoppedReason> OnStopped = RecordStopped;
        public static readonly SuccessWithPointerCallback OnReset = RecordReset;
        public static readonly LogCallback OnLog = RecordLog;

        static void RecordLog(int level, string message, IntPtr context)
        {
            lock (gate) { logLines.Add(new KeyValuePair<int, string>(level, message)); Monitor.PulseAll(gate); }
        }

        /// The log lines received so far (level, line).
        public static List<KeyValuePair<int, string>> LogLines() { lock (gate) { return new List<KeyValuePair<int, string>>(logLines); } }

        static void RecordCreateError(CHError error)
        {
            Add(new ReceivedError { Pointer = IntPtr.Zero, Code = error.Code, Message = error.LocalizedDescription, ThreadId = Thread.CurrentThread.ManagedThreadId });
        }

        static void RecordError(IntPtr pointer, CHError error)
        {
            Add(new ReceivedError { Pointer = pointer, HadPointer = true, Code = error.Code, Message = error.LocalizedDescription, ThreadId = Thread.CurrentThread.ManagedThreadId });
        }

        static void Add(ReceivedError error)
        {
            lock (gate) { errors.Add(error); Monitor.PulseAll(gate); }
        }

        static string completionThreadSignals;

        static void RecordCompletion(IntPtr player)
        {
            string blocked = null;
            try
            {
                foreach (var line in System.IO.File.ReadAllLines("/proc/thread-self/status"))
                    if (line.StartsWith("SigBlk:", StringComparison.Ordinal)) blocked = line.Substring(7).Trim();
            }
            catch (Exception) { blocked = null; }
            lock (gate) { completions.Add(player); completionThreadSignals = blocked; Monitor.PulseAll(gate); }
        }

        /// The blocked-signal mask (hex, from /proc) of the thread the last completion handler ran on.
        public static string CompletionThreadSignals() { lock (gate) { return completionThreadSignals; } }
        static void RecordReplacedCompletion(IntPtr player) { lock (gate) { replacedCompletions.Add(player); Monitor.PulseAll(gate); } }
        static void RecordAllFinished(IntPtr engine) { lock (gate) { allFinished.Add(engine); Monitor.PulseAll(gate); } }
        static void RecordReset(IntPtr engine) { lock (gate) { resets.Add(engine); Monitor.PulseAll(gate); } }

        static void RecordStopped(IntPtr engine, CHHapticEngineStoppedReason reason)
        {
            lock (gate) { stops.Add(new KeyValuePair<IntPtr, CHHapticEngineStoppedReason>(engine, reason)); Monitor.PulseAll(gate); }
        }

        /// Forgets everything received so far (each test starts clean).
        public static void Clear()
        {
            lock (gate)
            {
                errors.Clear(); completions.Clear(); replacedCompletions.Clear(); allFinished.Clear(); stops.Clear(); resets.Clear();
                logLines.Clear();
            }
        }

        /// The errors received so far, and forgets them.
        public static List<ReceivedError> TakeErrors()
        {
            lock (gate) { var taken = new List<ReceivedError>(errors); errors.Clear(); return taken; }
        }

        public static int Completions(IntPtr player) { lock (gate) { return completions.FindAll(p => p == player).Count; } }
        public static int ReplacedCompletions(IntPtr player) { lock (gate) { return replacedCompletions.FindAll(p => p == player).Count; } }
        public static int AllFinished(IntPtr engine) { lock (gate) { return allFinished.FindAll(p => p == engine).Count; } }

        public static List<CHHapticEngineStoppedReason> Stops(IntPtr engine)
        {
            lock (gate)
            {
                var reasons = new List<CHHapticEngineStoppedReason>();
                foreach (var stop in stops) if (stop.Key == engine) reasons.Add(stop.Value);
                return reasons;
            }
        }

        /// Waits (signalled by the callbacks, at most `seconds`) until `condition` holds; returns whether it did.
        public static bool WaitFor(Func<bool> condition, double seconds)
        {
            var deadline = DateTime.UtcNow.AddSeconds(seconds);
            lock (gate)
            {
                while (true)
                {
                    if (condition()) return true;
                    var left = deadline - DateTime.UtcNow;
                    if (left <= TimeSpan.Zero) return false;
                    Monitor.Wait(gate, left);
                }
            }
        }
    }
}
