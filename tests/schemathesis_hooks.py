"""schemathesis hooks for the conformance run of tests/tests/third_party_clients.rs (SCHEMATHESIS_HOOKS).

`POST /api/v1/mail/inbound` takes a raw email (`message/rfc822`), which schemathesis has no serializer for:
an email is text on the wire, so it is sent as text/plain is, under its own media type.
"""

import schemathesis

schemathesis.serializer.alias("message/rfc822", "text/plain")
