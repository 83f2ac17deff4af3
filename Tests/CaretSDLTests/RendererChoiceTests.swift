// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import Foundation
import Testing

@testable import CaretSDL

/// `automatic` draws with SDL's software renderer where OpenGL is a software rasteriser and with
/// the accelerated one on a GPU; a renderer asked for by name is kept (docs/performance.md).
@Suite(.serialized) @MainActor
struct RendererChoiceTests {
    private nonisolated static let onX11 = ProcessInfo.processInfo.environment["DISPLAY"] != nil

    /// The renderer `make` gives a fresh X11 window, and why it took the software one.
    private func choose(_ kind: Application.Configuration.RendererKind, gpuDevicePaths: [String]) throws -> (String, String?) {
        try SDLRuntime.startVideo()
        defer { SDLRuntime.stopVideo() }
        let window = try #require(SDL_CreateWindow("Caret test", 0, 0, 320, 240, SDL_WINDOW_SHOWN.rawValue))
        defer { SDL_DestroyWindow(window) }
        let choice = try RendererChoice.make(
            window: window, kind: kind, vsync: false, environment: [:], gpuDevicePaths: gpuDevicePaths)
        defer { SDL_DestroyRenderer(choice.handle) }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(choice.handle, &info)
        return (info.name.map { String(cString: $0) } ?? "", choice.softwareBecause)
    }

    /// What real drivers call themselves (Mesa, AMD, NVIDIA, virgl): only the CPU ones are software.
    @Test func softwareRasterisersAreKnownByTheirOpenGLNames() {
        for name in ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer", "swrast", "SwiftShader Device"] {
            #expect(RendererChoice.isSoftwareRasteriser(name), "\(name)")
        }
        for name in [
            "Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "AMD Radeon RX 580 Series (polaris10, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)",
            "NVIDIA GeForce GTX 1060 6GB/PCIe/SSE2", "virgl (Mesa Intel(R) UHD Graphics 620)", "V3D 4.2",
        ] {
            #expect(!RendererChoice.isSoftwareRasteriser(name), "\(name)")
        }
    }

    /// An app's window under Xvfb, where OpenGL is Mesa's llvmpipe, is drawn by the software renderer.
    @Test(.enabled(if: onX11)) func theAutomaticRendererOfAnAppUnderLlvmpipeIsSoftware() throws {
        let app = try Application(configuration: .init(title: "Caret test", size: Size(width: 320, height: 240), vsync: false))
        defer { app.close() }
        #expect(app.rendererName == "software")
        #expect(app.softwareRendererBecause != nil)
    }

    /// With a GPU device present, OpenGL is opened and asked what it is: under Xvfb it says
    /// llvmpipe, so the software renderer draws, and says why.
    @Test(.enabled(if: onX11)) func withAGPUDeviceOpenGLIsAskedWhatItIs() throws {
        let (name, because) = try choose(.automatic, gpuDevicePaths: ["/"])  // "/" stands for a device that is there
        #expect(name == "software")
        let reason = try #require(because)
        #expect(reason.hasPrefix("OpenGL is ") && RendererChoice.isSoftwareRasteriser(reason), "\(reason)")
    }

    /// With no GPU device OpenGL is not even loaded to be asked.
    @Test(.enabled(if: onX11)) func withoutAGPUDeviceTheSoftwareRendererIsChosenWithoutAskingOpenGL() throws {
        let (name, because) = try choose(.automatic, gpuDevicePaths: ["/nonexistent/dri"])
        #expect(name == "software")
        #expect(because == "no GPU device (/nonexistent/dri)")
    }

    /// `accelerated` (the demo's `--renderer accelerated`) keeps OpenGL even when it is llvmpipe.
    @Test(.enabled(if: onX11)) func anAcceleratedRendererAskedForIsKept() throws {
        let (name, because) = try choose(.accelerated, gpuDevicePaths: ["/"])
        #expect(name.hasPrefix("opengl"))
        #expect(because == nil)
    }
}
