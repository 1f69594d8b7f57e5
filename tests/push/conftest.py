from tests.support.fixtures import clock, eager_tasks  # noqa: F401
from tests.support.push import push_on, push_service  # noqa: F401
