// SPDX-License-Identifier: Apache-2.0
import CCaretCompose
import Caret
import Foundation

/// librime's data made ready off the main thread when a Chinese language is offered, so that the
/// first switch to it is quick. After an install librime must deploy into the user's directory,
/// and Debian's prebuilt cangjie5 table is older than its dictionary, so librime rebuilds it (about
/// 4 s and 350 MB): `rime_deployer` (librime-bin) does that in its own process, started from a
/// background thread. librime itself is opened and started, and a session made, when a Chinese
/// language first shows (waiting only if the deployment still runs).
/// The workspace is limited to the three schemas Caret uses (`default.custom.yaml`, written atomically).
final class RimeDeployment: @unchecked Sendable {
    static let shared = RimeDeployment()
    static let schemas = ["luna_pinyin_simp", "bopomofo_tw", "cangjie5"]
    static let deployer = "/usr/bin/rime_deployer"

    private let condition = NSCondition()
    private var running = false
    /// Whether the background thread is inside librime (starting it, opening sessions): an exit
    /// then waits for it (milliseconds), so librime is never torn down under a running call.
    private var inLibrary = false
    private var started = false
    private var failure: String?
    /// Whether rime_deployer has built the user's directory (librime then starts without building).
    private var deployed = false

    /// Prepares librime for a schema: the first call starts the background work.
    func prepare(schema: String, userDirectory: String, sharedDirectory: String) {
        condition.lock()
        defer { condition.unlock() }
        guard !running && !started && !deployed && failure == nil else { return }
        running = true
        atexit { RimeDeployment.shared.waitWhileInLibrary() }
        Thread.detachNewThread { [self] in
            // Only the deployment, in rime_deployer's process: librime itself is opened and
            // started when a guest first chooses Chinese (`session`), so an app that offers
            // Chinese maps none of it until then.
            let error = Self.deploy(userDirectory: userDirectory, sharedDirectory: sharedDirectory)
            condition.lock()
            failure = error
            deployed = error == nil
            running = false
            condition.broadcast()
            condition.unlock()
        }
    }

    /// At exit: waits while the background thread is inside librime (not for rime_deployer's
    /// process, which finishes on its own, its lock keeping another from starting meanwhile).
    func waitWhileInLibrary() {
        condition.lock()
        while inLibrary { condition.wait() }
        condition.unlock()
    }

    /// Waits for the background work, if any is under way.
    func finish() {
        condition.lock()
        while running { condition.wait() }
        condition.unlock()
    }

    /// A session on a schema: the one prepared, or a new one (librime started now if it was not).
    func session(schema: String, userDirectory: String, sharedDirectory: String) throws(CaretError) -> UInt {
        condition.lock()
        while running { condition.wait() }
        if !started && failure == nil {
            failure = Self.deploy(userDirectory: userDirectory, sharedDirectory: sharedDirectory, deployed: deployed)
            if failure == nil {
                inLibrary = true
                let (status, message) = withErrorBuffer { caret_rime_start(sharedDirectory, userDirectory, $0, $1) }
                inLibrary = false
                failure = status == 0 ? nil : message
                // Exit handlers run last registered first, and librime registered its own teardown
                // as it started: registered again, the wait runs before librime is torn down.
                if failure == nil { atexit { RimeDeployment.shared.waitWhileInLibrary() } }
            }
            started = failure == nil
        }
        let problem = failure
        condition.unlock()
        if let problem { throw .backendUnavailable(subsystem: "librime", reason: problem) }
        let (session, message) = withErrorBuffer { caret_rime_session(schema, $0, $1) }
        guard session != 0 else { throw .backendUnavailable(subsystem: "librime", reason: "schema \(schema): \(message)") }
        return session
    }

    /// Deploys in rime_deployer's process when it is installed (else librime deploys in this
    /// process as it starts); a message when it could not. Once: `deployed` says it was done.
    private static func deploy(userDirectory: String, sharedDirectory: String, deployed: Bool = false) -> String? {
        if deployed { return nil }
        do {
            try writeSchemaList(userDirectory: userDirectory)
        } catch {
            return "cannot write to \(userDirectory): \(error.localizedDescription)"
        }
        if FileManager.default.isExecutableFile(atPath: deployer) {
            // flock(1) holds a lock for the deployer's life: two apps (or an app started again
            // while the last one's deployer still runs) never deploy into one directory at once.
            let process = Process()
            let locked = FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")
            process.executableURL = URL(fileURLWithPath: locked ? "/usr/bin/flock" : deployer)
            process.arguments =
                (locked ? [userDirectory + "/caret-deploy.lock", deployer] : [])
                + ["--build", userDirectory, sharedDirectory, userDirectory + "/build"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.environment = deployerEnvironment(ProcessInfo.processInfo.environment)
            if (try? process.run()) != nil { process.waitUntilExit() }
        }
        return nil
    }

    /// The deployer's environment: ours, with its log (Google's glog) sent to its standard error,
    /// which goes nowhere, instead of two files left in the temporary folder at every deployment.
    static func deployerEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.merging(["GLOG_logtostderr": "1"]) { _, ours in ours }
    }

    /// The schemas Caret uses as the workspace's list, replacing the file only when it differs.
    static func writeSchemaList(userDirectory: String) throws {
        try FileManager.default.createDirectory(atPath: userDirectory, withIntermediateDirectories: true)
        let path = userDirectory + "/default.custom.yaml"
        let text =
            "# Written by Caret: the schemas its keyboard uses.\npatch:\n  schema_list:\n"
            + schemas.map { "    - schema: \($0)\n" }.joined()
        if FileManager.default.contents(atPath: path) == Data(text.utf8) { return }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
