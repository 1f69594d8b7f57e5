"""A refused action told twice: `code` for programs (the API's JSON, the bridge), `message` (French) for people."""


class RefusedError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message
