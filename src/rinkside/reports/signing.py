"""The official report signed with the league's key, and checked by anyone (issue 29).

A league's key and its certificate (a self-signed one made by
:func:`make_key`, or the league's own, :func:`import_key`) live in a folder
outside the database and the repository (:func:`keys_dir`:
``RINKSIDE_KEYS_DIR``, else ``~/.config/rinkside/keys``): ``league-key.pem``
(readable by its owner only) and ``league-cert.pem``.

:func:`sign_report` signs a report PDF with pyHanko (PAdES baseline: a CMS
signature with the signing certificate's hash among its signed attributes),
the signature covering the whole document; before it is signed the PDF's
information dictionary gets the game, its chain head
(:mod:`rinkside.store.chain`) and whether it supersedes an earlier report.

:func:`check_report` is pyHanko's own validation: whether the signed bytes
are intact and the signature valid, who signed (the certificate's subject
and its SHA-256 fingerprint), whether it is the league's certificate, and
whether the document changed after it was signed (bytes added after the
signature, or any other coverage than the whole file).
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from io import BytesIO
from pathlib import Path
from typing import Final

import asn1crypto.x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from pyhanko.keys import load_private_key_from_pemder
from pyhanko.pdf_utils.generic import NameObject, TextStringObject
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import signers
from pyhanko.sign.fields import SigSeedSubFilter
from pyhanko.sign.general import SigningError
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.errors import SignatureValidationError
from pyhanko_certvalidator import ValidationContext
from pyhanko_certvalidator.registry import SimpleCertificateStore

KEY_FILE: Final = "league-key.pem"
CERT_FILE: Final = "league-cert.pem"
KEYS_DIR_VARIABLE: Final = "RINKSIDE_KEYS_DIR"
GAME_KEY: Final = "/RinksideGame"
HEAD_KEY: Final = "/RinksideChainHead"
SUPERSEDES_KEY: Final = "/RinksideSupersedes"
MAX_PDF: Final = 512 * 1024  # a report is a page or a few (tens of KB); anything larger is not one


class KeyProblem(Exception):
    """The league's key or certificate is missing or cannot be read."""


class NotAPdf(ValueError):
    """What was given is not a PDF (or is not a readable one)."""


def keys_dir(environ: dict[str, str] | None = None) -> Path:
    """Where the league's key and certificate are kept: ``RINKSIDE_KEYS_DIR``,
    else ``~/.config/rinkside/keys`` (never the database, never the repository)."""
    env = os.environ if environ is None else environ
    named = env.get(KEYS_DIR_VARIABLE)
    if named:
        return Path(named)
    base = Path(env.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "rinkside" / "keys"


def _write_private(path: Path, data: bytes) -> None:
    """``data`` in a file only its owner may read, made so (no moment world-readable)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, stat.S_IRUSR | stat.S_IWUSR)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def make_key(folder: Path, league: str, *, force: bool = False,
             now: datetime | None = None, years: int = 10) -> Path:
    """A new key (ECDSA P-256) and a self-signed certificate naming ``league``
    in ``folder``; refused when a key is there already (unless ``force``).
    Returns the certificate's path."""
    key_path, cert_path = folder / KEY_FILE, folder / CERT_FILE
    if not force and (key_path.exists() or cert_path.exists()):
        raise KeyProblem(f"{folder} holds a key already: reports signed with it would no "
                         "longer be the league's newest (use --force to replace it)")
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"{league} game reports"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, league)])
    start = (now or datetime.now(UTC)) - timedelta(minutes=5)
    cert = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name)
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(start).not_valid_after(start + timedelta(days=365 * years))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=True, key_cert_sign=True,
            crl_sign=False, key_encipherment=False, data_encipherment=False,
            key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()),
                       critical=False)
        .sign(key, hashes.SHA256())
    )
    _write_private(key_path, key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path


def import_key(folder: Path, key_file: Path, cert_file: Path, *, force: bool = False) -> Path:
    """The league's own key and certificate (PEM) copied into ``folder``, after
    checking that they belong together."""
    key_data, cert_data = key_file.read_bytes(), cert_file.read_bytes()
    try:
        key = serialization.load_pem_private_key(key_data, password=None)
        cert = x509.load_pem_x509_certificate(cert_data)
    except ValueError as exc:
        raise KeyProblem(f"the key or certificate is not PEM that can be read: {exc}") from None
    public = serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    if key.public_key().public_bytes(*public) != cert.public_key().public_bytes(*public):
        raise KeyProblem(f"{cert_file} is not the certificate of the key in {key_file}")
    if not force and (folder / KEY_FILE).exists():
        raise KeyProblem(f"{folder} holds a key already (use --force to replace it)")
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    _write_private(folder / KEY_FILE, key_data)
    (folder / CERT_FILE).write_bytes(cert_data)
    return folder / CERT_FILE


def league_certificate(folder: Path) -> bytes | None:
    """The league's certificate (PEM) in ``folder``, ``None`` when there is none."""
    path = folder / CERT_FILE
    return path.read_bytes() if path.exists() else None


def fingerprint(cert_pem: bytes) -> str:
    """A certificate's SHA-256 fingerprint, as ``AB:CD:...``."""
    return _fingerprint(_der(cert_pem))


def _der(cert_pem: bytes) -> bytes:
    return x509.load_pem_x509_certificate(cert_pem).public_bytes(serialization.Encoding.DER)


def _fingerprint(der: bytes) -> str:
    return ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())


def _signer(folder: Path) -> signers.SimpleSigner:
    key_path, cert_path = folder / KEY_FILE, folder / CERT_FILE
    if not key_path.exists() or not cert_path.exists():
        raise KeyProblem(f"no league key in {folder}: make one with `rinkside keys create` "
                         "or load the league's own with `rinkside keys import`")
    try:
        key = load_private_key_from_pemder(str(key_path), passphrase=None)
        cert = asn1crypto.x509.Certificate.load(_der(cert_path.read_bytes()))
    except (ValueError, OSError) as exc:
        raise KeyProblem(f"the key or certificate in {folder} cannot be read: {exc}") from None
    registry = SimpleCertificateStore()
    registry.register(cert)
    return signers.SimpleSigner(signing_cert=cert, signing_key=key, cert_registry=registry)


def sign_report(pdf: bytes, folder: Path, *, game_id: int, chain_head: str,
                supersedes: str = "") -> bytes:
    """``pdf`` signed with the league's key in ``folder``, the game and its
    chain head (and the fingerprint of the report it supersedes) in its
    information dictionary, the signature covering the whole document."""
    signer = _signer(folder)
    writer = IncrementalPdfFileWriter(BytesIO(pdf))
    info = {GAME_KEY: str(game_id), HEAD_KEY: chain_head}
    if supersedes:
        info[SUPERSEDES_KEY] = supersedes
    _set_info(writer, info)
    meta = signers.PdfSignatureMetadata(
        field_name="LeagueSignature", subfilter=SigSeedSubFilter.PADES,
        reason=f"Official report of game {game_id}; record's chain head {chain_head}",
        md_algorithm="sha256")
    out: BytesIO = signers.sign_pdf(writer, meta, signer=signer)
    return out.getvalue()


def _set_info(writer: IncrementalPdfFileWriter, values: dict[str, str]) -> None:
    """Entries added to the PDF's information dictionary (in the revision signed)."""
    try:
        info = writer.trailer["/Info"]
    except KeyError:  # every report rinkside makes has one (title, author...)
        raise ValueError("the PDF has no information dictionary to carry the chain head"
                         ) from None
    for key, value in values.items():
        info[NameObject(key)] = TextStringObject(value)
    writer.update_container(info)


@dataclass(frozen=True)
class ReportCheck:
    """What :func:`check_report` found in a signed report."""

    signed: bool  # a signature is there at all
    intact: bool  # the signed bytes are those signed (pyHanko: digest matches)
    valid: bool  # the signature is the certificate's over them
    whole: bool  # it covers the whole file: nothing was added after it
    signer: str  # the certificate's subject
    signer_fingerprint: str  # its SHA-256 fingerprint
    league: bool | None  # the league's certificate (None: no league certificate to compare)
    game_id: int | None
    chain_head: str
    supersedes: str
    signed_at: datetime | None
    problem: str = ""  # why it is not valid, in plain words

    @property
    def ok(self) -> bool:
        """Signed, intact, valid, covering the whole file, and the league's key
        when the league's certificate was known."""
        return (self.signed and self.intact and self.valid and self.whole
                and self.league is not False)


def _reader(data: bytes) -> PdfFileReader:
    if len(data) > MAX_PDF:
        raise NotAPdf(f"the file is {len(data)} bytes; a game report is at most {MAX_PDF}")
    if not data.lstrip()[:5] == b"%PDF-":
        raise NotAPdf("the file is not a PDF (it does not begin with %PDF-)")
    try:
        return PdfFileReader(BytesIO(data), strict=False)
    except Exception as exc:  # pyHanko raises many kinds on a broken file
        raise NotAPdf(f"the file is not a PDF that can be read: {exc}") from None


def _info(reader: PdfFileReader) -> dict[str, str]:
    try:
        found = reader.trailer_view["/Info"]
    except KeyError:
        return {}
    return {k: str(found[k]) for k in (GAME_KEY, HEAD_KEY, SUPERSEDES_KEY) if k in found}


def check_report(data: bytes, league_cert: bytes | None = None) -> ReportCheck:
    """``data`` (a PDF) checked by pyHanko's validation: its last signature
    (a report has one), and, with ``league_cert``, whether the league signed it."""
    reader = _reader(data)
    info = _info(reader)
    game = info.get(GAME_KEY, "")
    game_id = int(game) if game.isdigit() else None
    head, supersedes = info.get(HEAD_KEY, ""), info.get(SUPERSEDES_KEY, "")
    try:
        embedded = reader.embedded_signatures
    except Exception as exc:
        raise NotAPdf(f"the file's signature fields cannot be read: {exc}") from None
    if not embedded:
        return ReportCheck(False, False, False, False, "", "", None, game_id, head, supersedes,
                           None, "the file carries no signature")
    sig = embedded[-1]
    cert = sig.signer_cert
    signer_fingerprint = _fingerprint(cert.dump())
    roots = [asn1crypto.x509.Certificate.load(_der(league_cert))] if league_cert else [cert]
    context = ValidationContext(trust_roots=roots, allow_fetching=False)
    try:
        status = validate_pdf_signature(sig, context)
    except (SignatureValidationError, SigningError, ValueError) as exc:
        return ReportCheck(True, False, False, False, cert.subject.human_friendly,
                           signer_fingerprint, None, game_id, head, supersedes, None,
                           f"the signature cannot be checked: {exc}")
    whole = status.coverage is not None and status.coverage.name == "ENTIRE_FILE"
    league = None if league_cert is None else fingerprint(league_cert) == signer_fingerprint
    problem = ""
    if not status.intact:
        problem = "the document was changed after it was signed: its bytes are not those signed"
    elif not status.valid:
        problem = "the signature is not the certificate's signature over the document"
    elif not whole:
        problem = "something was added to the document after it was signed"
    elif league is False:
        problem = "it was signed with another key than the league's"
    return ReportCheck(True, status.intact, status.valid, whole, cert.subject.human_friendly,
                       signer_fingerprint, league, game_id, head, supersedes,
                       status.signer_reported_dt, problem)
