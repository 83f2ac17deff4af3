// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import CaretCompose

/// librime's deployer, run in its own process when Chinese is first offered, leaves nothing in the
/// temporary folder: a kiosk that deploys at every start of a fresh image kept two log files each time.
@Suite struct RimeDeploymentTests {
    /// Runs the deployer on an empty workspace with `environment` and the temporary folder set to
    /// a folder of its own; returns the names of the files it left there.
    private func filesLeft(environment: [String: String]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caret-rime-logs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["tmp", "user", "shared"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RimeDeployment.deployer)
        process.arguments = ["--build", folder + "/user", folder + "/shared", folder + "/user/build"]
        process.environment = environment.merging(["TMPDIR": folder + "/tmp"]) { _, ours in ours }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return try FileManager.default.contentsOfDirectory(atPath: folder + "/tmp")
    }

    @Test func theDeployerLeavesNoLogFilesInTheTemporaryFolder() throws {
        try #require(FileManager.default.isExecutableFile(atPath: RimeDeployment.deployer), "rime_deployer (librime-bin) is not installed")
        let plain = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GLOG_") && !$0.key.hasPrefix("GOOGLE_") }
        // What the deployer leaves as it is run plainly: its logs (so the folder is where it writes them).
        #expect(try filesLeft(environment: plain).contains { $0.hasPrefix("rime.tools") }, "the deployer wrote no log where one was expected")
        #expect(try filesLeft(environment: RimeDeployment.deployerEnvironment(plain)) == [])
    }
}
