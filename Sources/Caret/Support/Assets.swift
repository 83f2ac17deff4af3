// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// Finds Caret's asset folder (fonts, icons, keyboard layouts) for a SwiftPM build, a CMake
/// build, an installed binary, or a folder the app names.
///
/// Searched in order: folders added with `addSearchPath(_:)`, `$CARET_ASSETS`,
/// `<executable dir>/Assets`, `<executable dir>/../share/caret/Assets`, `/usr/local/share/caret/Assets`,
/// `/usr/share/caret/Assets`, and the `Assets` folder of the source tree this library was built from.
public enum Assets {
    /// The folders apps added, newest first: one list for the process, as the assets are.
    private static let extraPaths = Mutex<[String]>([])

    /// Adds a folder to search first, for an app that ships its own assets.
    public static func addSearchPath(_ path: String) {
        extraPaths.withLock { paths in
            if !paths.contains(path) { paths.insert(path, at: 0) }
        }
    }

    /// The asset folders that exist, in search order.
    public static var searchPaths: [String] { candidateFolders.filter { isDirectory($0) } }

    /// Every folder that is searched, whether it exists or not (for error messages).
    public static var candidateFolders: [String] {
        var seen = Set<String>()
        return (extraPaths.withLock { $0 } + standardFolders).filter { seen.insert($0).inserted }
    }

    /// The folders searched after the app's own: worked out once, as neither the environment's
    /// `CARET_ASSETS` nor the executable's place changes while the process runs (each look had
    /// copied the whole environment and resolved the executable's links: a dozen looks at launch).
    private static let standardFolders: [String] = {
        var folders: [String] = []
        if let env = ProcessEnvironment.value("CARET_ASSETS"), !env.isEmpty { folders.append(env) }
        let exeDir = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        folders.append(exeDir.appendingPathComponent("Assets").path)
        folders.append(exeDir.appendingPathComponent("../share/caret/Assets").standardized.path)
        folders.append("/usr/local/share/caret/Assets")
        folders.append("/usr/share/caret/Assets")
        // Sources/Caret/Support/Assets.swift → the repository root.
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        folders.append(sourceRoot.appendingPathComponent("Assets").path)
        return folders
    }()

    /// The running executable's path: Linux's `/proc/self/exe`, which holds wherever the app was
    /// started from (`argv[0]` is only the name when the app is found through `PATH`).
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
    }

    /// The path of an asset such as `Fonts/DejaVuSans.ttf`, or an error listing where it was looked for.
    public static func path(for relativePath: String) throws(CaretError) -> String {
        let folders = candidateFolders
        for folder in folders {
            let candidate = (folder as NSString).appendingPathComponent(relativePath)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        throw CaretError.assetNotFound(name: relativePath, searched: folders)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
