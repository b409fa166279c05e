// Every declared packet, grouped into one dispatch set per state and direction.
#pragma once

#include "sim/protocol/dispatch.h"
#include "sim/protocol/packets_config.h"
#include "sim/protocol/packets_handshake.h"
#include "sim/protocol/packets_login.h"
#include "sim/protocol/packets_play_cb.h"
#include "sim/protocol/packets_play_sb.h"

namespace hz::packet {

using HandshakeServerbound = PacketSet<ProtocolState::kHandshake, Direction::kServerbound, handshake_sb::SetProtocol>;

using StatusClientbound = PacketSet<ProtocolState::kStatus, Direction::kClientbound, status_cb::ServerInfo,
                                    status_cb::Ping>;
using StatusServerbound = PacketSet<ProtocolState::kStatus, Direction::kServerbound, status_sb::PingStart,
                                    status_sb::Ping>;

using LoginClientbound =
    PacketSet<ProtocolState::kLogin, Direction::kClientbound, login_cb::Disconnect, login_cb::EncryptionBegin,
              login_cb::Success, login_cb::Compress, login_cb::LoginPluginRequest, login_cb::CookieRequest>;
using LoginServerbound =
    PacketSet<ProtocolState::kLogin, Direction::kServerbound, login_sb::LoginStart, login_sb::EncryptionBegin,
              login_sb::LoginPluginResponse, login_sb::LoginAcknowledged, login_sb::CookieResponse>;

using ConfigClientbound =
    PacketSet<ProtocolState::kConfiguration, Direction::kClientbound, config_cb::CookieRequest,
              config_cb::CustomPayload, config_cb::Disconnect, config_cb::FinishConfiguration, config_cb::KeepAlive,
              config_cb::Ping, config_cb::RegistryData, config_cb::FeatureFlags, config_cb::Tags,
              config_cb::SelectKnownPacks>;
using ConfigServerbound =
    PacketSet<ProtocolState::kConfiguration, Direction::kServerbound, config_sb::Settings, config_sb::CookieResponse,
              config_sb::CustomPayload, config_sb::FinishConfiguration, config_sb::KeepAlive, config_sb::Pong,
              config_sb::ResourcePackReceive, config_sb::SelectKnownPacks, config_sb::AcceptCodeOfConduct>;

using PlayClientbound =
    PacketSet<ProtocolState::kPlay, Direction::kClientbound, play_cb::Login, play_cb::Abilities, play_cb::Position,
              play_cb::PlayerInfo, play_cb::SpawnPosition, play_cb::UpdateTime, play_cb::GameStateChange,
              play_cb::UpdateViewPosition, play_cb::UpdateViewDistance, play_cb::SimulationDistance,
              play_cb::ChunkBatchStart, play_cb::ChunkBatchFinished, play_cb::MapChunk, play_cb::UnloadChunk,
              play_cb::UpdateLight, play_cb::UpdateHealth, play_cb::SetExperience, play_cb::KeepAlive, play_cb::Ping, play_cb::PongResponse,
              play_cb::SystemChat, play_cb::KickDisconnect, play_cb::SpawnEntity, play_cb::RelEntityMove,
              play_cb::EntityMoveLook, play_cb::EntityLook, play_cb::EntityHeadRotation,
              play_cb::SyncEntityPosition, play_cb::EntityTeleport, play_cb::EntityDestroy, play_cb::PlayerRemove,
              play_cb::SetTickingState, play_cb::StepTick, play_cb::BundleDelimiter,
              play_cb::EntityVelocity, play_cb::AcknowledgePlayerDigging, play_cb::BlockBreakAnimation,
              play_cb::BlockChange,
              play_cb::MultiBlockChange, play_cb::WindowItems, play_cb::SetSlot, play_cb::SetCursorItem,
              play_cb::SetPlayerInventory, play_cb::HeldItemSlot, play_cb::DamageEvent, play_cb::SoundEffect, play_cb::WorldEvent, play_cb::Animation, play_cb::SetCooldown, play_cb::EntityStatus, play_cb::EntityEffect, play_cb::RemoveEntityEffect, play_cb::EntityEquipment,
              play_cb::EndCombatEvent, play_cb::EnterCombatEvent, play_cb::DeathCombatEvent, play_cb::Respawn, play_cb::EntityMetadata, play_cb::Collect,
              play_cb::Explosion>;
using PlayServerbound =
    PacketSet<ProtocolState::kPlay, Direction::kServerbound, play_sb::TeleportConfirm, play_sb::Attack, play_sb::Position,
              play_sb::PositionLook, play_sb::Look, play_sb::Flying, play_sb::ChunkBatchReceived, play_sb::TickEnd,
              play_sb::PlayerLoaded, play_sb::Settings, play_sb::CustomPayload, play_sb::ClientCommand,
              play_sb::PlayerInput, play_sb::EntityAction, play_sb::ArmAnimation, play_sb::HeldItemSlot,
              play_sb::MessageAcknowledgement, play_sb::ChatSessionUpdate, play_sb::ChatMessage,
              play_sb::ChatCommand, play_sb::ChatCommandSigned, play_sb::KeepAlive, play_sb::PingRequest,
              play_sb::Pong, play_sb::BlockDig, play_sb::SetCreativeSlot, play_sb::BlockPlace,
              play_sb::WindowClick, play_sb::CloseWindow, play_sb::PickItemFromBlock, play_sb::UseItem>;

}  // namespace hz::packet
