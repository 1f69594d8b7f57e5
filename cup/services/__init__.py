"""The house cup's writes. The ledger only grows: `ledger` writes a duel's points, their reversal after a
correction, a tournament winner's points; `awards` the prefects' and staff's points; `houses` the houses,
their members and prefects, and the club's cup settings. Refusals raise `CupRefused` with a French
message for the page or the API."""
