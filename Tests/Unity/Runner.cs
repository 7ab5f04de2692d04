// A small test runner (no NUnit: only Debian's mono-mcs and mono-runtime are needed). Runs every test in order, each in
// a try/catch, and prints one line per test and the counts; exits 1 on any failure. The process surviving every call
// with bad input is itself part of what is tested: a crash ends the run without the final count line.
//
//   mono UnityTests.exe [--expect-no-swift-toolchain <toolchain lib folder>] [--only <substring>]
//
// HAPTIC_DEVICE=wav:<path> makes the engines record, which the tests that check real output read back.
using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;

namespace OpenCoreHaptics.UnityTests
{
    public sealed class AssertionFailed : Exception
    {
        public AssertionFailed(string message) : base(message) { }
    }

    /// A failure after which the process cannot go on (the runtime would hang): the run stops there.
    public sealed class Fatal : Exception
    {
        public Fatal(string message) : base(message) { }
    }

    public sealed class Skipped : Exception
    {
        public Skipped(string message) : base(message) { }
    }

    public static class Check
    {
        public static void That(bool condition, string message)
        {
            if (!condition) throw new AssertionFailed(message);
        }

        public static void Equal<T>(T expected, T actual, string what)
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual))
                throw new AssertionFailed(string.Format("{0}: expected {1}, got {2}", what, expected, actual));
        }

        public static void Near(double expected, double actual, double tolerance, string what)
        {
            if (!(Math.Abs(expected - actual) <= tolerance))
                throw new AssertionFailed(string.Format("{0}: expected {1} ± {2}, got {3}", what, expected, tolerance, actual));
        }

        /// No error arrived since the last take.
        public static void NoErrors(string during)
        {
            var errors = Callbacks.TakeErrors();
            if (errors.Count > 0) throw new AssertionFailed(during + ": unexpected " + errors[0]);
        }

        /// Exactly one error arrived, on the calling thread, with a message; returns it.
        public static ReceivedError OneError(string during)
        {
            var errors = Callbacks.TakeErrors();
            if (errors.Count != 1)
                throw new AssertionFailed(string.Format("{0}: expected one error callback, got {1}{2}", during, errors.Count,
                    errors.Count > 1 ? " (first: " + errors[0] + ", second: " + errors[1] + ")" : ""));
            var error = errors[0];
            That(error.ThreadId == System.Threading.Thread.CurrentThread.ManagedThreadId,
                during + ": the error arrived on another thread, not before the call returned");
            That(!string.IsNullOrEmpty(error.Message), during + ": the error has no message (code " + error.Code + ")");
            That(CHErrorCode.IsKnown(error.Code), during + ": the error code " + error.Code + " is not one the plug-in knows");
            return error;
        }

        /// Exactly one error with this code and this pointer.
        public static ReceivedError OneError(string during, int code, IntPtr pointer)
        {
            var error = OneError(during);
            Equal(code, error.Code, during + ": error code (" + error.Message + ")");
            Equal(pointer, error.Pointer, during + ": the error's pointer");
            return error;
        }
    }

    public static class Runner
    {
        [DllImport("libdl.so.2")]
        static extern IntPtr dlopen(string file, int mode);

        [DllImport("libdl.so.2")]
        static extern int dlclose(IntPtr handle);

        static int Main(string[] args)
        {
            string toolchainLib = null, only = null;
            bool keepGoing = false, stopped = false;
            for (int i = 0; i < args.Length; i++)
            {
                if (args[i] == "--expect-no-swift-toolchain" && i + 1 < args.Length) toolchainLib = args[++i];
                else if (args[i] == "--only" && i + 1 < args.Length) only = args[++i];
                else if (args[i] == "--keep-going") keepGoing = true;
                else { Console.Error.WriteLine("unity-tests: unknown argument " + args[i]); return 2; }
            }
            if (toolchainLib != null && !ToolchainIsHidden(toolchainLib)) return 1;

            var tests = Tests.All();
            int run = 0, passed = 0, skipped = 0, notRun = 0;
            var failures = new List<string>();
            foreach (var test in tests)
            {
                if (only != null && test.Key.IndexOf(only, StringComparison.Ordinal) < 0) continue;
                if (stopped) { Console.WriteLine("NOT RUN {0}", test.Key); notRun++; continue; }
                run++;
                Callbacks.Clear();
                var started = DateTime.UtcNow;
                try
                {
                    test.Value();
                    var late = Callbacks.TakeErrors();
                    if (late.Count > 0) throw new AssertionFailed("an error nobody expected: " + late[0]);
                    passed++;
                    Console.WriteLine("PASS {0} ({1:F2} s)", test.Key, (DateTime.UtcNow - started).TotalSeconds);
                }
                catch (Skipped reason)
                {
                    skipped++;
                    Console.WriteLine("SKIP {0}: {1}", test.Key, reason.Message);
                }
                catch (Fatal failure)
                {
                    failures.Add(test.Key + ": " + failure.Message);
                    Console.WriteLine("FAIL {0}: {1}", test.Key, failure.Message);
                    stopped = !keepGoing;
                    if (stopped) Console.WriteLine("  (the tests after this one are not run: they would hang; --keep-going runs them)");
                }
                catch (Exception failure)
                {
                    var message = failure is AssertionFailed ? failure.Message : failure.ToString();
                    failures.Add(test.Key + ": " + message);
                    Console.WriteLine("FAIL {0}: {1}", test.Key, message);
                }
                int leftovers = Session.DestroyLeftovers();
                if (leftovers > 0) Console.WriteLine("  ({0} engine(s) the test left alive destroyed)", leftovers);
            }
            Console.WriteLine("unity-tests: {0} run, {1} passed, {2} skipped, {3} failed, {4} not run", run, passed, skipped,
                failures.Count, notRun);
            foreach (var failure in failures) Console.WriteLine("  failed: " + failure);
            int status = failures.Count == 0 && notRun == 0 && run > 0 ? 0 : 1;
            // Returns to Mono's shutdown, which waits for every thread a callback attached: the library's callback
            // thread ends once it has nothing left to call, so the process exits (timeout 600 in .ci/unity.sh turns
            // a hang into a failure).
            Console.Out.Flush();
            return status;
        }

        /// Proves the Swift toolchain cannot be seen: its libswiftCore.so is neither at its path nor findable by the
        /// loader, and once the plug-in is loaded no libswift*.so is mapped into the process.
        static bool ToolchainIsHidden(string toolchainLib)
        {
            var path = Path.Combine(toolchainLib, "libswiftCore.so");
            bool exists = File.Exists(path);
            IntPtr handle = dlopen("libswiftCore.so", 2 /* RTLD_NOW */);
            bool findable = handle != IntPtr.Zero;
            if (findable) dlclose(handle);
            Console.WriteLine("unity-tests: {0}: {1}; libswiftCore.so findable by the loader: {2}", path,
                exists ? "present" : "not present", findable ? "yes" : "no");
            // Load the plug-in (any entry point), then look at what the process mapped.
            Capabilities.MaxValueForDynamicParameter(0);
            var swiftLibraries = new List<string>();
            string loadedFrom = null;
            foreach (var line in File.ReadAllLines("/proc/self/maps"))
            {
                int slash = line.IndexOf('/');
                if (slash < 0) continue;
                var file = line.Substring(slash);
                var name = Path.GetFileName(file);
                if (name.StartsWith("libswift", StringComparison.Ordinal) && !swiftLibraries.Contains(file)) swiftLibraries.Add(file);
                if (name == "libCoreHapticsWrapper.so") loadedFrom = file;
            }
            Console.WriteLine("unity-tests: libCoreHapticsWrapper.so loaded from {0}; Swift runtime libraries mapped: {1}",
                loadedFrom ?? "<not found in /proc/self/maps>", swiftLibraries.Count == 0 ? "none" : string.Join(", ", swiftLibraries));
            if (exists || findable || swiftLibraries.Count > 0 || loadedFrom == null)
            {
                Console.WriteLine("unity-tests: FAILED: the Swift toolchain is visible to this process (or the plug-in did not load)");
                return false;
            }
            return true;
        }
    }
}
