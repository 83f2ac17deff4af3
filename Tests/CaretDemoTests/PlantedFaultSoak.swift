// SPDX-License-Identifier: Apache-2.0

@_spi(Testing) import Caret
import CaretDemoSoak

@testable import CaretTesting

/// Soaks a demo screen with a fault planted after every event until a run reports a failure;
/// returns its problems (empty when no run did). Shared by the soak's planted-fault tests.
@MainActor
func plantedFaultProblems(
    screen: String = "form", seeds: [UInt64], world: Bool = false, ibus: Bool = false, events: Int,
    plant: @escaping @MainActor (SoakEvent, Window) -> Void
) -> [String] {
    for seed in seeds {
        let soak = DemoSoak.make(screen: screen, size: Size(width: 1024, height: 700), world: world, ibus: ibus)
        soak.shrinksFailures = false
        soak.afterEachEvent = plant
        if let failure = soak.run(seed: seed, events: events).failure { return failure.problems }
    }
    return []
}
