// SPDX-License-Identifier: Apache-2.0
import CCaretCompose
import Caret
import Foundation

/// librime made ready off the main thread when a Chinese language is offered, so that the first
/// switch to it is quick. After an install librime must deploy into the user's directory, and
/// Debian's prebuilt cangjie5 table is older than its dictionary, so librime rebuilds it (about
/// 4 s and 350 MB): `rime_deployer` (librime-bin) does that in its own process. Then librime
/// starts and a session per offered schema is opened, on a background thread; the main thread
/// takes a session when a language first shows (waiting only if the preparation still runs).
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
    private var wanted: [String] = []
    private var prepared: [String: UInt] = [:]

    /// Prepares librime for a schema: the first call starts the background work.
    func prepare(schema: String, userDirectory: String, sharedDirectory: String) {
        condition.lock()
        defer { condition.unlock() }
        if !wanted.contains(schema) { wanted.append(schema) }
        guard !running && !started && failure == nil else { return }
        running = true
        atexit { RimeDeployment.shared.waitWhileInLibrary() }
        Thread.detachNewThread { [self] in
            let error = Self.deployAndStart(userDirectory: userDirectory, sharedDirectory: sharedDirectory) { [self] in
                condition.lock()
                inLibrary = true
                condition.unlock()
            }
            condition.lock()
            failure = error
            started = error == nil
            // Sessions for the schemas offered by now; later ones are opened when taken.
            var opened: [String: UInt] = [:]
            // Exit handlers run last registered first, and librime registered its own teardown as
            // it started: registered again, the wait runs before librime is torn down (an app that
            // quit while the sessions opened crashed in librime, found by the world soak's replay).
            if started { atexit { RimeDeployment.shared.waitWhileInLibrary() } }
            if started {
                for schema in wanted where prepared[schema] == nil {
                    let (session, _) = withErrorBuffer { caret_rime_session(schema, $0, $1) }
                    if session != 0 { opened[schema] = session }
                }
            }
            prepared.merge(opened) { old, _ in old }
            running = false
            inLibrary = false
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
        if let session = prepared.removeValue(forKey: schema) {
            condition.unlock()
            return session
        }
        if !started && failure == nil {
            failure = Self.deployAndStart(userDirectory: userDirectory, sharedDirectory: sharedDirectory)
            started = failure == nil
        }
        let problem = failure
        condition.unlock()
        if let problem { throw .backendUnavailable(subsystem: "librime", reason: problem) }
        let (session, message) = withErrorBuffer { caret_rime_session(schema, $0, $1) }
        guard session != 0 else { throw .backendUnavailable(subsystem: "librime", reason: "schema \(schema): \(message)") }
        return session
    }

    /// Deploys (in rime_deployer's process when it is installed) and starts librime; a message
    /// when it could not.
    private static func deployAndStart(
        userDirectory: String, sharedDirectory: String, enteringLibrary: () -> Void = {}
    ) -> String? {
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
            if (try? process.run()) != nil { process.waitUntilExit() }
        }  // else librime deploys in this process as it starts
        enteringLibrary()
        let (status, message) = withErrorBuffer { caret_rime_start(sharedDirectory, userDirectory, $0, $1) }
        return status == 0 ? nil : message
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
