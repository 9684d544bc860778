import Foundation
import Publishing

// The README's scheduler sample: a view model that is not generic over its scheduler.
final class QueryViewModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var settledQuery = ""
    private let scheduler: AnySchedulerOf<DispatchQueue>

    init(scheduler: AnySchedulerOf<DispatchQueue> = DispatchQueue.main.eraseToAnyScheduler()) {
        self.scheduler = scheduler
        $query.debounce(for: .milliseconds(300), scheduler: scheduler).assign(to: &$settledQuery)
    }
}
